import { z } from 'zod';

import { birthdateSchema, emailSchema } from './auth.schema.ts';

/** `PUT /api/me/birthdate`: a player who signed up before sign-up asked gives it once. */
export const birthdateInputSchema = z.object({ birthdate: birthdateSchema });

export const birthdateResultSchema = z.object({
  birthdate: z.string(),
  age: z.number().int(),
  /** Under 18: high privacy by default, and a guardian may be added in Settings. */
  minor: z.boolean(),
});
export type BirthdateResult = z.infer<typeof birthdateResultSchema>;

/** `PUT /api/me/guardian`: the guardian's email; a new address asks them to confirm again. */
export const guardianInputSchema = z.object({ email: emailSchema });
export type GuardianInput = z.input<typeof guardianInputSchema>;

/**
 * Settings → Guardian: whether the member may have one (an athlete under 18) and who it is.
 * `confirmed` once the guardian used the emailed link; copies go only to a confirmed guardian.
 */
export const guardianStateSchema = z.object({
  eligible: z.boolean(),
  guardian: z.object({ email: z.string(), confirmed: z.boolean() }).nullable(),
});
export type GuardianState = z.infer<typeof guardianStateSchema>;

/** `POST /api/guardians/confirm`: the token from the emailed link. */
export const guardianConfirmInputSchema = z.object({ token: z.string().min(1).max(4096) });

/** The confirmed athlete, as the guardian's page names them. */
export const guardianConfirmResultSchema = z.object({ athleteName: z.string() });
export type GuardianConfirmResult = z.infer<typeof guardianConfirmResultSchema>;
