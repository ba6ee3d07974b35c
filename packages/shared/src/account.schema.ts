import { z } from 'zod';

import { emailSchema, passwordSchema, sessionSchema } from './auth.schema.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const m = MESSAGES.account;

/** The token of an emailed link; what it means is the server's to say (invalid, expired, used). */
const linkTokenSchema = (invalid: string) =>
  z.string({ error: invalid }).trim().min(1, invalid).max(LIMITS.linkTokenMax, invalid);

/** Forgot password, and resending the confirmation link: an email address and nothing else. */
export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequestInput = z.input<typeof emailRequestSchema>;

/** A request the server accepted without saying whether anything was sent (202). */
export const acceptedSchema = z.object({ message: z.string() });

/** Sign-up when REQUIRE_EMAIL_CONFIRMATION is on: the account exists, nobody is signed in yet. */
export const confirmationPendingSchema = z.object({
  confirmationRequired: z.literal(true),
  email: z.string(),
});
export type ConfirmationPending = z.infer<typeof confirmationPendingSchema>;

/** What sign-up answers: a session (201), or a link sent first (202). */
export const signUpAnswerSchema = z.union([sessionSchema, confirmationPendingSchema]);

export const confirmEmailSchema = z.object({ token: linkTokenSchema(m.confirmLinkInvalid) });

const confirmPasswordSchema = z.string({ error: m.passwordsDoNotMatch }).max(LIMITS.passwordMax);

export const passwordResetSchema = z
  .object({
    token: linkTokenSchema(m.resetLinkInvalid),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    remember: z.boolean().default(true),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, m.currentPasswordRequired)
      .max(LIMITS.passwordMax, MESSAGES.validation.passwordMax),
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: m.passwordUnchanged,
    path: ['newPassword'],
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/**
 * Settings → Delete my account. The password is asked of an account that has one; an account
 * without one (third-party sign-in only) proves itself by a session started moments before.
 */
export const accountDeletionSchema = z.object({
  password: z.string().max(LIMITS.passwordMax, MESSAGES.validation.passwordMax).optional(),
});
export type AccountDeletionInput = z.input<typeof accountDeletionSchema>;
