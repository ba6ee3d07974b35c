import { z } from 'zod';

import { ROLES, USER_TYPES } from './constants.ts';
import { aalSchema, mfaRequiredSchema } from './factor.schema.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const v = MESSAGES.validation;

export const emailSchema = z
  .string({ error: v.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, v.invalidEmail)
  .pipe(z.email({ error: v.invalidEmail }));

export const passwordSchema = z
  .string({ error: v.passwordMin })
  .min(LIMITS.passwordMin, v.passwordMin)
  .max(LIMITS.passwordMax, v.passwordMax);

/** Names a profile URL cannot have: `/profile/edit` is the edit page. */
const RESERVED_USERNAMES = ['edit'] as const;

export const usernameSchema = z
  .string({ error: v.usernameMin })
  .trim()
  .min(LIMITS.usernameMin, v.usernameMin)
  .max(LIMITS.usernameMax, v.usernameMax)
  .regex(/^[A-Za-z0-9_]+$/, v.usernameChars)
  .refine(
    (name) => !(RESERVED_USERNAMES as readonly string[]).includes(name.toLowerCase()),
    MESSAGES.auth.usernameTaken,
  );

export const fullNameSchema = z
  .string({ error: v.fullNameRequired })
  .trim()
  .min(1, v.fullNameRequired)
  .max(LIMITS.fullNameMax, v.fullNameMax);

export const userTypeSchema = z.enum(USER_TYPES, { error: v.userTypeRequired });

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean().default(true),
});
export type SignInInput = z.input<typeof signInSchema>;

export const signUpSchema = z.object({
  fullName: fullNameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  userType: userTypeSchema,
  remember: z.boolean().default(true),
});
export type SignUpInput = z.input<typeof signUpSchema>;

const sessionProfileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  verified: z.boolean(),
  userType: z.enum(USER_TYPES),
});
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

/** Who is signed in: what `GET /api/auth/session` returns. */
export const sessionUserSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string() }),
  profile: sessionProfileSchema,
  roles: z.array(z.enum(ROLES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Sign-up, sign-in and refresh all answer with a fresh access token and who it is for. */
export const sessionSchema = sessionUserSchema.extend({
  accessToken: z.string(),
  /** When the access token expires, as an ISO 8601 timestamp. */
  expiresAt: z.iso.datetime(),
  /** 'aal2' once a second factor (or a passkey) was used; the access token carries the same. */
  aal: aalSchema,
  /**
   * Set when the member has a verified second factor and this session has not used one yet: the
   * access token is then good only for the second step (and sign-out).
   */
  mfaRequired: mfaRequiredSchema.optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** May this profile see Post Offers and Applications Received? (spec section 2, Top navigation) */
export function canPostOffers(session: Pick<SessionUser, 'profile' | 'roles'>): boolean {
  if (session.roles.includes('admin')) return true;
  return session.profile.verified && session.profile.userType !== 'player';
}
