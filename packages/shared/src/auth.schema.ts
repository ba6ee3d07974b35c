import { z } from 'zod';

import { MINIMUM_AGE, ageOn } from './age.ts';
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

/** The oldest age a birthdate may give: anything older is a typo. */
const OLDEST_AGE = 120;

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A birthdate as a player types it: a real past date (YYYY-MM-DD), at most 120 years ago. */
export const birthdateSchema = z
  .string({ error: v.birthdateRequired })
  .trim()
  .min(1, v.birthdateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, v.birthdateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, v.birthdateInvalid)
  .refine((value) => value < todayUtc(), v.birthdatePast)
  .refine((value) => ageOn(value) <= OLDEST_AGE, v.birthdateTooOld);

/**
 * What sign-up asks of age: a player's birthdate (13 or over), an organisation's confirmation
 * that the person signing up is 18 or over. Shared by the password and the provider sign-ups.
 */
const ageFields = {
  birthdate: birthdateSchema.optional(),
  adultConfirmed: z.boolean().optional(),
};

function checkAge(
  input: { userType: string; birthdate?: string | undefined; adultConfirmed?: boolean | undefined },
  ctx: z.RefinementCtx,
) {
  // An unknown account type is the type's own error; the age rules wait for a known one.
  if (!(USER_TYPES as readonly string[]).includes(input.userType)) return;
  if (input.userType === 'player') {
    if (input.birthdate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['birthdate'], message: v.birthdateRequired });
    } else if (ageOn(input.birthdate) < MINIMUM_AGE) {
      ctx.addIssue({
        code: 'custom',
        path: ['birthdate'],
        message: MESSAGES.minors.underMinimumAge,
      });
    }
  } else if (input.adultConfirmed !== true) {
    ctx.addIssue({ code: 'custom', path: ['adultConfirmed'], message: v.adultConfirmRequired });
  }
}

/** A sign-up's fields with the age fields and rules added (password and provider sign-ups). */
export function withAgeRules<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, ...ageFields }).superRefine((input, ctx) => {
    checkAge(input as Parameters<typeof checkAge>[0], ctx);
  });
}

export const signUpSchema = withAgeRules({
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
  /**
   * A player who has not given a birthdate yet (an account older than the question): the app asks
   * for it before going on, and they are treated as a minor until they answer.
   */
  birthdateMissing: z.boolean().optional(),
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
