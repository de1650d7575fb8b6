import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export { ERROR_CODES, HTTP_STATUS_BY_CODE, INVALID_CREDENTIALS_MESSAGE, type ErrorCode } from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES);

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /**
     * The message's name in the server's catalog of sentences (packages/shared/src/server-messages.ts),
     * for clients that word it in their reader's language; absent for sentences outside it.
     */
    reason: z.string().optional(),
    /** rate_limited: how long until the limit lets the caller in again (also the Retry-After header). */
    retryAfterSeconds: z.number().int().min(0).optional(),
    /** Field path (dot-joined) to the messages for that field. */
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
