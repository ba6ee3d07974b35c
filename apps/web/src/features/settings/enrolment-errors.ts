import { MESSAGES } from '@arena/shared/messages';

import { ApiRequestError } from '../../lib/http/api-error.ts';

/** The server's message (its words are the product's), or the generic one. */
export function enrolmentErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : MESSAGES.internal;
}
