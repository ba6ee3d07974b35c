import type { FastifyReply } from 'fastify';

import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { IssuedSession } from './auth.service.ts';

export const REFRESH_COOKIE = 'arena_refresh';
const COOKIE_PATH = '/api/auth';

/** The refresh token travels only as this HttpOnly, SameSite=Strict cookie on /api/auth. */
export function setRefreshCookie(reply: FastifyReply, issued: IssuedSession, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    // Remember me: a persistent cookie. Otherwise a session cookie, gone with the browser session.
    ...(issued.persistent ? { maxAge: TOKEN_LIFETIMES.refreshTokenRememberedSeconds } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}
