import { z } from 'zod';

import { fullNameSchema, userTypeSchema, usernameSchema, withAgeRules } from './auth.schema.ts';
import { MESSAGES } from './messages.ts';
import { isSafeRedirectPath } from './safe-redirect.ts';

/** A configured OpenID Connect provider, as the sign-in screen lists it. */
export const oidcProviderSchema = z.object({
  /** The short name in URLs and configuration, e.g. `google`. */
  name: z.string(),
  /** What the button says after 'Continue with', e.g. `Google`. */
  label: z.string(),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

export const oidcProvidersSchema = z.object({ providers: z.array(oidcProviderSchema) });

/** A third-party account linked to the signed-in member. */
const identitySchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  providerLabel: z.string(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Identity = z.infer<typeof identitySchema>;

/** `GET /api/me/identities`: the linked accounts, and whether a password is set too. */
export const myIdentitiesSchema = z.object({
  identities: z.array(identitySchema),
  hasPassword: z.boolean(),
});
export type MyIdentities = z.infer<typeof myIdentitiesSchema>;

/** `POST /api/auth/oidc/{provider}/link`: where the browser goes next. */
export const oidcLinkStartSchema = z.object({ authorizationUrl: z.url() });

/** Why a third-party sign-in ended without signing in; the screens show the matching message. */
const OIDC_ERROR_CODES = [
  'cancelled',
  'failed',
  'expired',
  'unavailable',
  'emailInUse',
  'emailUnverified',
  'linkedElsewhere',
  'providerAlreadyLinked',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

export function isOidcErrorCode(value: unknown): value is OidcErrorCode {
  return (OIDC_ERROR_CODES as readonly unknown[]).includes(value);
}

/** A message of `MESSAGES.identities` with the provider's label in place of `{provider}`. */
export function withProvider(message: string, providerLabel: string): string {
  return message.replaceAll('{provider}', providerLabel);
}

const redirectPathSchema = z
  .string({ error: MESSAGES.identities.redirectInvalid })
  .refine(isSafeRedirectPath, MESSAGES.identities.redirectInvalid);

/** `GET /api/auth/oidc/{provider}/start` query. */
export const oidcStartQuerySchema = z.object({
  redirectTo: redirectPathSchema.default('/feed'),
  /** Remember me: a persistent session (the default, as on the login form). */
  remember: z.enum(['true', 'false']).default('true'),
});

/** `GET /api/auth/oidc/sign-up`: what the provider told us, to prefill "Finish creating your account". */
export const oidcPendingSignUpSchema = z.object({
  provider: z.string(),
  providerLabel: z.string(),
  email: z.string(),
  /** Suggestions from the provider's profile; empty when it gave none that fit. */
  fullName: z.string(),
  username: z.string(),
  remember: z.boolean(),
  redirectTo: z.string(),
});
export type OidcPendingSignUp = z.infer<typeof oidcPendingSignUpSchema>;

/** `POST /api/auth/oidc/sign-up`: the rest of the profile, with sign-up's own rules and messages. */
export const oidcCompleteSignUpSchema = withAgeRules({
  fullName: fullNameSchema,
  username: usernameSchema,
  userType: userTypeSchema,
});
export type OidcCompleteSignUpInput = z.input<typeof oidcCompleteSignUpSchema>;
