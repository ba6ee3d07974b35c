import { z } from 'zod';

import { ERROR_CODES } from './error-codes.ts';

export type { ErrorCode } from './error-codes.ts';

/** Every API error has this shape (ARCHITECTURE.md, "Contracts"). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Field path (dot-joined) → first message for that field. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
