// Tables of module references: only its files write them; others ask its service (scripts/check-tables.mjs).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReferenceKind, ReferenceOpinion } from '@tolk/shared/schemas/references';
import { accounts } from './accounts';
import { things } from './things';
import { tenantRowColumns } from './tenants';
import { createdAt, timestamptz } from './times';

const account = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/**
 * What one member wrote about another after something they did together (`about`: a trip one
 * asked to meet on, their connection, an order), once per author, subject and thing. Hidden from everyone
 * until the other side has written about the same thing or `writable_from` + 14 days; never edited
 * once shown. `writable_from` is when the thing became writable, kept so visibility is one
 * comparison and the clock that decides it is the caller's.
 */
export const memberReferences = pgTable(
  'member_references',
  {
    ...tenantRowColumns(),
    authorId: account('author_id'),
    subjectId: account('subject_id'),
    kind: text('kind').$type<ReferenceKind>().notNull(),
    about: text('about').notNull(),
    /** Orders: the thing bought, for its reviews and rating (null once deleted). */
    thingId: uuid('thing_id').references(() => things.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    opinion: text('opinion').$type<ReferenceOpinion>().notNull(),
    text: text('text').notNull(),
    language: text('language').notNull(),
    rating: integer('rating'),
    writableFrom: timestamptz('writable_from').notNull(),
    createdAt: createdAt(),
    reply: text('reply'),
    replyLanguage: text('reply_language'),
    repliedAt: timestamptz('replied_at'),
    hiddenAt: timestamptz('hidden_at'),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('member_references_once_idx').on(t.authorId, t.subjectId, t.about),
    index('member_references_subject_idx').on(t.subjectId, t.createdAt, t.id),
    index('member_references_thing_idx')
      .on(t.thingId, t.createdAt, t.id)
      .where(sql`${t.thingId} is not null`),
    check('member_references_rating', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('member_references_not_self', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);
