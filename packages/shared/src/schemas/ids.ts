import { z } from 'zod';

/**
 * The `:id` of a record in a URL. A value that is not an id names no record: the server answers
 * 404, as for an id that does not exist, so a mistyped link reads "not found".
 */
export const idParamsSchema = z.object({ id: z.uuid('Not a valid id.') });
export type IdParams = z.infer<typeof idParamsSchema>;
