import { z } from 'zod';

import { sessionSchema } from './auth.schema.ts';
import { factorSchema } from './factor.schema.ts';
import { MFA_LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const m = MESSAGES.mfa;

const friendlyNameSchema = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(MFA_LIMITS.friendlyNameMax, m.nameMax);

/** E.164: a plus, a country code and up to 15 digits in all; spaces and dashes are dropped. */
const phoneNumberSchema = z
  .string({ error: m.phoneInvalid })
  .trim()
  .max(32, m.phoneInvalid)
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, m.phoneInvalid));

/** POST /api/auth/factors: start enrolling a second factor (it is 'unverified' until verified). */
export const enrolFactorSchema = z.discriminatedUnion('factorType', [
  z.object({
    factorType: z.literal('totp'),
    friendlyName: friendlyNameSchema,
    /** Shown as the account's issuer in the authenticator app. */
    issuer: z.string().trim().min(1).max(60).optional(),
  }),
  z.object({
    factorType: z.literal('phone'),
    friendlyName: friendlyNameSchema,
    phone: phoneNumberSchema,
  }),
  z.object({ factorType: z.literal('webauthn'), friendlyName: friendlyNameSchema }),
]);
export type EnrolFactorInput = z.input<typeof enrolFactorSchema>;

export const enrolFactorResponseSchema = z.object({
  factor: factorSchema,
  /** TOTP only: what the authenticator app needs, shown once. */
  totp: z
    .object({
      /** An SVG data URL of the otpauth:// URI. */
      qrCode: z.string(),
      /** The base32 secret, for typing in by hand. */
      secret: z.string(),
      uri: z.string(),
    })
    .optional(),
});
export type EnrolFactorResponse = z.infer<typeof enrolFactorResponseSchema>;

export const factorListSchema = z.object({
  factors: z.array(factorSchema),
  /** Unused recovery codes left. */
  recoveryCodesRemaining: z.number().int(),
});
export type FactorList = z.infer<typeof factorListSchema>;

/** WebAuthn options as JSON (`PublicKeyCredential{Creation,Request}OptionsJSON`). */
const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const challengeResponseSchema = z.object({
  id: z.uuid(),
  factorId: z.uuid(),
  factorType: z.enum(['totp', 'phone', 'webauthn']),
  expiresAt: z.iso.datetime(),
  /** Passkeys: options for `navigator.credentials.create` (enrolment) or `.get` (sign-in). */
  webauthn: z
    .object({ type: z.enum(['create', 'request']), options: webauthnOptionsSchema })
    .optional(),
});
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, MESSAGES.mfa.passkeyFailed);

/**
 * A `PublicKeyCredential` as JSON (`RegistrationResponseJSON` or `AuthenticationResponseJSON`);
 * the WebAuthn library checks the rest of its shape.
 */
const webauthnCredentialSchema = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const codeSchema = z
  .string({ error: m.codeFormat })
  .trim()
  .regex(new RegExp(`^\\d{${MFA_LIMITS.totpDigits}}$`), m.codeFormat);

/** POST /api/auth/factors/{id}/verify: the code for TOTP and phone, the credential for passkeys. */
export const verifyFactorSchema = z
  .object({
    challengeId: z.uuid({ error: m.challengeExpired }),
    code: codeSchema.optional(),
    webauthn: webauthnCredentialSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.webauthn === undefined), {
    message: m.codeFormat,
    path: ['code'],
  });

export const verifiedFactorResponseSchema = z.object({
  /** The session, now at aal2. */
  session: sessionSchema,
  factor: factorSchema,
  /** Shown once, when this was the member's first verified factor. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type VerifiedFactorResponse = z.infer<typeof verifiedFactorResponseSchema>;

export const recoveryCodeSignInSchema = z.object({
  code: z
    .string({ error: m.recoveryCodeFormat })
    .trim()
    .min(1, m.recoveryCodeFormat)
    .max(64, m.recoveryCodeInvalid),
});

export const recoverySignInResponseSchema = z.object({
  session: sessionSchema,
  recoveryCodesRemaining: z.number().int(),
});
export type RecoverySignInResponse = z.infer<typeof recoverySignInResponseSchema>;

export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });

export const factorIdParamSchema = z.object({ factorId: z.uuid({ error: m.factorNotFound }) });

/** POST /api/auth/passkeys/options: a challenge for signing in with a passkey, no password. */
export const passkeyOptionsResponseSchema = z.object({
  challengeId: z.uuid(),
  options: webauthnOptionsSchema,
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeySignInSchema = z.object({
  challengeId: z.uuid({ error: m.challengeExpired }),
  credential: webauthnCredentialSchema,
  remember: z.boolean().default(true),
});
