import { MESSAGES } from '@arena/shared/messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { ApiRequestError } from '../../lib/http/api-error.ts';

const m = MESSAGES.account;

/** The server's words for a refusal; ours for a crash. */
export function accountErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : MESSAGES.internal;
}

const LINK_REFUSALS: ReadonlySet<string> = new Set([
  m.confirmLinkInvalid,
  m.confirmLinkExpired,
  m.confirmLinkUsed,
  m.resetLinkInvalid,
  m.resetLinkExpired,
  m.resetLinkUsed,
]);

/** The emailed link itself was refused (not valid, expired, used): only a new one will do. */
export function isLinkRefusal(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && LINK_REFUSALS.has(error.message);
}

/** Sign-in with the right password, for an account whose email is not confirmed yet. */
export function isEmailNotConfirmed(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.code === 'forbidden' &&
    error.message === m.emailNotConfirmed
  );
}

/**
 * Shows the server's per-field messages on the form's own fields, focusing the first.
 * Returns whether any was shown.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiRequestError) || !error.fields) return false;
  let shown = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
