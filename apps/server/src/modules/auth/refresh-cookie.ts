import type { FastifyReply } from 'fastify';

import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import { DEVICE_TRUST_SECONDS, type IssuedSession } from './auth.service.ts';

export const REFRESH_COOKIE = 'arena_refresh';
/** Marks a browser that signed in to an account before (failed sign-ins count apart). */
export const DEVICE_COOKIE = 'arena_device';
/** Sent only to the auth routes: refresh, sign-out, and those that need to know the session. */
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, issued: IssuedSession, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    // Remember me: a persistent cookie. Otherwise a session cookie, gone with the browser session.
    ...(issued.persistent ? { maxAge: TOKEN_LIFETIMES.refreshTokenRememberedSeconds } : {}),
  });
  if (issued.deviceToken) {
    reply.setCookie(DEVICE_COOKIE, issued.deviceToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: COOKIE_PATH,
      ...(issued.persistent ? { maxAge: DEVICE_TRUST_SECONDS } : {}),
    });
  }
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}
