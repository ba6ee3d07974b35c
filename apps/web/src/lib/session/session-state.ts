import type { Session, signInSchema, signUpSchema } from '@arena/shared/auth.schema';
import type { oidcCompleteSignUpSchema } from '@arena/shared/identity.schema';
import type { z } from 'zod';

/** What the session manager (session-manager.ts) is told, and what it tells the pages. */

export type SignInValues = z.output<typeof signInSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;
export type OidcCompleteSignUpValues = z.output<typeof oidcCompleteSignUpSchema>;

/**
 * Why nobody is signed in: 'none' (no session to restore), 'signed-out' (the user asked),
 * 'expired' (the session could not be renewed).
 */
export type SignedOutReason = 'none' | 'signed-out' | 'expired';

/**
 * 'mfa-required': the password was right, but the member has a second factor; the session (aal1)
 * is good only for the second step until one is used.
 */
export type AuthState =
  | { status: 'loading'; session: null }
  | { status: 'signed-in'; session: Session }
  | { status: 'mfa-required'; session: Session }
  | { status: 'signed-out'; session: null; reason: SignedOutReason };
