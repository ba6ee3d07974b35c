import { MESSAGES } from '@arena/shared/messages';
import type { FieldErrors, FieldValues, Path } from 'react-hook-form';

import { ApiRequestError } from '../../lib/http/api-error.ts';

/** The message of the first invalid field, in the order the form shows its fields. */
export function firstErrorMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly Path<T>[],
): string | undefined {
  for (const field of order) {
    const error = errors[field] as { message?: unknown } | undefined;
    if (typeof error?.message === 'string' && error.message) return error.message;
  }
  return undefined;
}

/** Login: wrong credentials get the friendlier wording; anything else, the server's message. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return MESSAGES.internal;
  if (error.code === 'unauthorized' || error.message === MESSAGES.auth.invalidCredentials) {
    return MESSAGES.auth.invalidCredentialsToast;
  }
  return error.message;
}

/** Sign up (spec section 8): a taken email or username in the product's words, else the server's. */
export function signUpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return MESSAGES.internal;
  const message = error.message.toLowerCase();
  if (message.includes('already registered')) return MESSAGES.auth.emailTaken;
  if (error.code === 'conflict' && message.includes('username')) return MESSAGES.auth.usernameTaken;
  return error.message;
}
