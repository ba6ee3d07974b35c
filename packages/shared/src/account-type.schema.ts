import { z } from 'zod';

import { userTypeSchema } from './auth.schema.ts';
import { USER_TYPES } from './constants.ts';

/** Settings, Account type: a member changes what kind of member they are while unverified. */
export const accountTypeInputSchema = z.object({ userType: userTypeSchema });

export const accountTypeResultSchema = z.object({
  userType: z.enum(USER_TYPES),
  /** True when the change withdrew a verification request that was waiting for review. */
  verificationWithdrawn: z.boolean(),
});
export type AccountTypeResult = z.infer<typeof accountTypeResultSchema>;
