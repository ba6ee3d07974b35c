import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type {
  ChallengeResponse,
  EnrolFactorResponse,
  VerifiedFactorResponse,
} from '@arena/shared/mfa.schema';

import { type SignedUp, refreshCookie } from './fixtures.ts';
import type { TestContext } from './harness.ts';
import type { SmsProvider } from '../src/modules/mfa/sms.ts';

/** The code an authenticator app shows for `secret` at `at` (ms). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

export const bearer = (session: Pick<Session, 'accessToken'>) => ({
  authorization: `Bearer ${session.accessToken}`,
});

/** A session as the client holds it: the access token, and the refresh cookie's value. */
export interface Held {
  session: Session;
  refreshToken: string;
  headers: { authorization: string };
}

export async function signInWithPassword(
  context: TestContext,
  user: Pick<SignedUp['input'], 'email' | 'password'>,
): Promise<Held> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: user.password, remember: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json<Session>();
  const cookie = refreshCookie(response);
  if (!cookie) throw new Error('sign-in set no refresh cookie');
  return { session, refreshToken: cookie.value, headers: bearer(session) };
}

export function post(
  context: TestContext,
  url: string,
  held: Pick<Held, 'headers'> & { refreshToken?: string },
  payload?: object,
) {
  return context.app.inject({
    method: 'POST',
    url,
    headers: held.headers,
    ...(held.refreshToken ? { cookies: { arena_refresh: held.refreshToken } } : {}),
    ...(payload ? { payload } : {}),
  });
}

export async function challenge(
  context: TestContext,
  held: Pick<Held, 'headers'>,
  factorId: string,
): Promise<ChallengeResponse> {
  const response = await post(context, `/api/auth/factors/${factorId}/challenge`, held);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ChallengeResponse>();
}

/** Answers a fresh challenge of the factor; returns the raw response. */
export async function verifyWith(
  context: TestContext,
  held: Pick<Held, 'headers'> & { refreshToken?: string },
  factorId: string,
  answer: { code: string } | { webauthn: object },
) {
  const { id } = await challenge(context, held, factorId);
  return post(context, `/api/auth/factors/${factorId}/verify`, held, {
    challengeId: id,
    ...answer,
  });
}

/** The held session after a successful verify (new access token and refresh cookie). */
export function heldFrom(response: Awaited<ReturnType<typeof post>>): Held {
  expect(response.statusCode, response.body).toBe(200);
  const { session } = response.json<VerifiedFactorResponse>();
  const cookie = refreshCookie(response);
  if (!cookie) throw new Error('verify set no refresh cookie');
  return { session, refreshToken: cookie.value, headers: bearer(session) };
}

/** Enrols and verifies a TOTP factor for a freshly signed-up user. */
export async function enrolTotp(context: TestContext, user: SignedUp, friendlyName = 'Phone app') {
  const held = { headers: user.bearer, refreshToken: user.refreshToken };
  const enrolled = await post(context, '/api/auth/factors', held, {
    factorType: 'totp',
    friendlyName,
  });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const { factor, totp } = enrolled.json<EnrolFactorResponse>();
  if (!totp) throw new Error('no TOTP secret');
  const verified = await verifyWith(context, held, factor.id, { code: totpCode(totp.secret) });
  const body = verified.json<VerifiedFactorResponse>();
  return { factorId: factor.id, secret: totp.secret, held: heldFrom(verified), body };
}

/** An SMS provider that keeps what it was asked to send. */
export function recordingSms() {
  const sent: { to: string; text: string }[] = [];
  const provider: SmsProvider = {
    send(to, text) {
      sent.push({ to, text });
      return Promise.resolve();
    },
  };
  return {
    provider,
    sent,
    lastCode: () => /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1] ?? '',
  };
}
