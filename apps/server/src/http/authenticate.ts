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

/** preHandler: the request must carry a valid access token. */
export function authenticate(verify: TokenVerifier) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    const auth = token ? await verify(token) : null;
    if (!auth) throw new AppError('unauthorized', MESSAGES.auth.signInRequired);
    request.auth = auth;
  };
}

/** preHandler: identifies a signed-in caller when there is one; visitors pass as null. */
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
