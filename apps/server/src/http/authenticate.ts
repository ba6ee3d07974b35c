import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Aal } from '@arena/shared/factor.schema';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from './app-error.ts';

export interface AuthContext {
  userId: string;
  profileId: string;
  /** Assurance level of the access token: 'aal2' once a second factor or a passkey was used. */
  aal: Aal;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` (required) or `identify` (optional); null for visitors. */
    auth: AuthContext | null;
  }
}

export type TokenVerifier = (token: string) => Promise<AuthContext | null>;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/*
 * Both are `preParsing` hooks (`preParsing: authenticate(verify)`, as in `guards.ts`), the one
 * stage that runs after the rate limit and before the body is read:
 * - a caller without a valid token gets a 401 whatever they sent, never the 400, 413 or 415 of
 *   parsing and validation that would tell them what the route accepts;
 * - `onRequest` would run before the rate limit (@fastify/rate-limit appends its hook after a
 *   route's own), letting floods of bad tokens past it; `preValidation` runs after the body is
 *   parsed, and after the app's own `preValidation` hooks (the text guard).
 */

/** The request must carry a valid access token; `refusal` is what a caller without one hears. */
export function authenticate(
  verify: TokenVerifier,
  refusal: string = MESSAGES.auth.signInRequired,
) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    const auth = token ? await verify(token) : null;
    if (!auth) throw new AppError('unauthorized', refusal);
    request.auth = auth;
  };
}

/** Identifies a signed-in caller when there is one; visitors pass as null, a bad token is a 401. */
export function identify(verify: TokenVerifier) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    const auth = token ? await verify(token) : null;
    if (token && !auth) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
    request.auth = auth;
  };
}

/** The signed-in caller, for handlers behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', MESSAGES.auth.signInRequired);
  return request.auth;
}
