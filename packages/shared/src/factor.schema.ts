import { z } from 'zod';

/**
 * Authenticator assurance level of a session (NIST SP 800-63B): 'aal1' after a password alone,
 * 'aal2' after a second factor or a passkey.
 */
export const AALS = ['aal1', 'aal2'] as const;
export const aalSchema = z.enum(AALS);
export type Aal = z.infer<typeof aalSchema>;

export const FACTOR_TYPES = ['totp', 'phone', 'webauthn'] as const;
const factorTypeSchema = z.enum(FACTOR_TYPES);
export type FactorType = z.infer<typeof factorTypeSchema>;

export const FACTOR_TYPE_LABELS: Record<FactorType, string> = {
  totp: 'Authenticator app',
  phone: 'Text message',
  webauthn: 'Passkey',
};

export const FACTOR_STATUSES = ['unverified', 'verified'] as const;

/** A second factor as its owner (and a sign-in's second step) sees it: no secret, phone masked. */
export const factorSchema = z.object({
  id: z.uuid(),
  friendlyName: z.string(),
  factorType: factorTypeSchema,
  status: z.enum(FACTOR_STATUSES),
  /** Phone factors: the number with all but its last digits hidden. */
  phoneHint: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Factor = z.infer<typeof factorSchema>;

/** Present on a session that still needs a second step: the factors it may use. */
export const mfaRequiredSchema = z.object({ factors: z.array(factorSchema) });
