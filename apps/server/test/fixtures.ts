import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { Session, SignUpInput } from '@arena/shared/auth.schema';

import type { TestContext } from './harness.ts';
import { outboxMails } from './outbox.ts';
import { linkIn } from './smtp-sink.ts';

let counter = 0;

/** An adult's birthdate: members sign up as adults unless a test says otherwise. */
const ADULT_BIRTHDATE = '1990-05-15';

/**
 * A valid, unique sign-up body: a player gives an adult birthdate, an organisation confirms it is
 * 18 or over (each ignores the other's field).
 */
export function newUser(overrides: Partial<SignUpInput> = {}): Required<SignUpInput> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Test Athlete ${counter}`,
    username: `user_${tag}`.slice(0, 30),
    email: `user.${tag}@arena.test`,
    password: 'correct-horse-42',
    userType: 'player',
    remember: true,
    birthdate: ADULT_BIRTHDATE,
    adultConfirmed: true,
    ...overrides,
  };
}

export function refreshCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'arena_refresh');
}

/** POST /api/auth/refresh with `token` as the refresh cookie. */
export function refreshWith(context: TestContext, token: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { arena_refresh: token },
  });
}

export interface SignedUp {
  input: Required<SignUpInput>;
  session: Session;
  /** The value of the refresh cookie. */
  refreshToken: string;
  bearer: { authorization: string };
}

export async function signUp(
  context: TestContext,
  overrides: Partial<SignUpInput> = {},
): Promise<SignedUp> {
  const input = newUser(overrides);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  const session = response.json<Session>();
  const cookie = refreshCookie(response);
  if (!cookie) throw new Error('sign-up set no refresh cookie');
  return {
    input,
    session,
    refreshToken: cookie.value,
    bearer: { authorization: `Bearer ${session.accessToken}` },
  };
}

/**
 * Signs up with an address in the app's ADMIN_EMAILS and uses the confirmation link the server
 * wrote to its outbox (no SMTP_URL): the admin role comes with the link. Returns the session the
 * link started; the sign-up's own is signed out, so that the admin has one session, as `signUp`
 * leaves a member.
 */
export async function signUpAdmin(
  context: TestContext,
  overrides: Partial<SignUpInput> & { email: string },
): Promise<SignedUp> {
  const member = await signUp(context, overrides);
  const [mail] = await outboxMails(context.dataDir, member.input.email);
  if (!mail) throw new Error(`no confirmation mail to ${member.input.email} in the outbox`);
  const { token } = linkIn({ text: mail.text ?? '' }, '/auth/confirm');
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/email-confirmation/confirm',
    payload: { token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json<Session>();
  expect(session.roles).toContain('admin');
  const signedOut = await context.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    cookies: { arena_refresh: member.refreshToken },
  });
  expect(signedOut.statusCode).toBe(204);
  const cookie = refreshCookie(response);
  if (!cookie) throw new Error('the confirmation set no refresh cookie');
  return {
    input: member.input,
    session,
    refreshToken: cookie.value,
    bearer: { authorization: `Bearer ${session.accessToken}` },
  };
}

/** A multipart/form-data body with one file, as a browser would send it. */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----arena${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends `bytes` as the multipart field `file` to `url` as `user`; returns the response. */
export function uploadFile(
  context: TestContext,
  user: SignedUp,
  url: string,
  file: { name: string; type: string; bytes: Buffer },
  method: 'POST' | 'PUT' = 'POST',
) {
  const body = multipartFile('file', file.name, file.type, file.bytes);
  return context.app.inject({
    method,
    url,
    headers: { ...user.bearer, ...body.headers },
    payload: body.payload,
  });
}

/** Opens (or finds) the conversation between two members; returns its id. */
export async function openConversation(context: TestContext, from: SignedUp, to: SignedUp) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: from.bearer,
    payload: { username: to.input.username },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ id: string }>().id;
}

/** Follows `username` as `user`; returns the response. */
export function follow(context: TestContext, user: SignedUp, username: string, following = true) {
  return context.app.inject({
    method: following ? 'PUT' : 'DELETE',
    url: `/api/profiles/${username}/follow`,
    headers: user.bearer,
  });
}

/** A valid verification request. */
export const verificationRequestBody = {
  fullName: 'Maria Costa',
  organizationName: 'FC Arena Academy',
  organizationType: 'club',
  email: 'maria@fcarena.test',
  phone: '+351 912 345 678',
  website: 'https://fcarena.test',
  officialContact: '',
  additionalInfo: 'Registered with the national federation.',
};
