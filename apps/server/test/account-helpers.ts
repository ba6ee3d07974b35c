import type { LightMyRequestResponse } from 'fastify';

import type { TestContext } from './harness.ts';
import { refreshCookie } from './fixtures.ts';

export function postJson(
  context: TestContext,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) {
  return context.app.inject({ method: 'POST', url, payload, headers, cookies });
}

/** Presents a refresh token; 200 while its session lives, 401 once it is revoked. */
export function refreshWith(context: TestContext, token: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { arena_refresh: token },
  });
}

export function signIn(context: TestContext, email: string, password: string) {
  return postJson(context, '/api/auth/sign-in', { email, password });
}

/** Signs in again as someone already registered: another session (refresh-token family). */
export async function anotherSession(context: TestContext, email: string, password: string) {
  const response = await signIn(context, email, password);
  const cookie = refreshCookie(response);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return cookie.value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function errorOf(response: LightMyRequestResponse): ErrorBody['error'] {
  return response.json<ErrorBody>().error;
}
