import type { FastifyInstance } from 'fastify';

import { MESSAGES } from '@arena/shared/messages';

import { AppError } from './app-error.ts';

/** NUL, or half of a surrogate pair: text no database column can hold as it was sent. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Does a parsed body, query or set of params hold unstorable text anywhere, in a key or a value? */
function holdsUnstorableText(input: unknown): boolean {
  // Iterative: a deeply nested body must not exhaust the stack.
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold the NUL character, and a lone surrogate (valid in a JSON escape,
 * not in Unicode) is either mangled into U+FFFD or fails the query. Requests carrying either in
 * their body, query string or path are refused with a 400 before validation.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (
      holdsUnstorableText(request.params) ||
      holdsUnstorableText(request.query) ||
      holdsUnstorableText(request.body)
    ) {
      throw new AppError(
        'bad_request',
        `${MESSAGES.invalidRequest} (text holds a character that cannot be stored)`,
      );
    }
  });
}
