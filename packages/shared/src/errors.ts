import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export { ERROR_CODES, HTTP_STATUS_BY_CODE, INVALID_CREDENTIALS_MESSAGE, type ErrorCode } from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES);

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Field path (dot-joined) to the messages for that field. */
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
