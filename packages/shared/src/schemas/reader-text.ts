import { z } from 'zod';

/**
 * A text someone wrote (a bio, a trip note, a request's note) as a reader gets it: the original
 * and its language, and the reader's version: `ready` with the text, `same` when the reader reads
 * the original's language, `unavailable` when no engine has the pair (the original is shown).
 */
export const readerTextSchema = z.object({
  original: z.string(),
  from: z.string(),
  to: z.string(),
  text: z.string().nullable(),
  transliteration: z.string().nullable(),
  state: z.enum(['ready', 'same', 'unavailable']),
});
export type ReaderText = z.infer<typeof readerTextSchema>;
