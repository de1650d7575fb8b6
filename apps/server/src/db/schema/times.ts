import { timestamp } from 'drizzle-orm/pg-core';

/** Every moment the schema keeps is a timestamptz: a point in time, whatever the server's zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row was made and when it last changed. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
