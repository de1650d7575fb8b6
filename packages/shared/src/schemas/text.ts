import { z } from 'zod';
import { characterCount, nameProblem } from '../text';

export const atMost = (max: number) => `At most ${max} characters.`;

/**
 * A text a person writes: trimmed, and at most `max` characters as a reader counts them (an emoji
 * is one). Control characters and broken Unicode never get this far: the server refuses them in
 * every request (../text.ts `cleanInput`). The UTF-16 ceiling keeps the length in the API document.
 */
export const textSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(2 * max, atMost(max))
    .refine((value) => characterCount(value) <= max, atMost(max));

/** A text kept as written, spaces around it included (a muse: the sender trims what they mean to). */
export const untrimmedTextSchema = (max: number) =>
  z
    .string()
    .max(2 * max, atMost(max))
    .refine((value) => characterCount(value) <= max, atMost(max));

/** A name other members see: a text that is no bidi trick, not invisible, and no staff title. */
export const shownNameSchema = (max: number) =>
  textSchema(max).superRefine((value, context) => {
    const problem = nameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
