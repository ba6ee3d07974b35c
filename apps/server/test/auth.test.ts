import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { newUser, refreshCookie, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

// Refresh, sign-out and the session's tokens are in auth-sessions.test.ts.
describeEachDatabase('auth', (context) => {
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    context().app.inject({ method: 'POST', url, payload, headers });

  describe('sign-up', () => {
    it('creates the account and its profile and signs in', async () => {
      const input = newUser({ userType: 'club', fullName: '  FC Porto Academy  ' });
      const response = await post('/api/auth/sign-up', input);
      expect(response.statusCode).toBe(201);
      const session = response.json<Session>();
      expect(session.user.email).toBe(input.email);
      expect(session.profile).toMatchObject({
        username: input.username,
        fullName: 'FC Porto Academy',
        userType: 'club',
        verified: false,
        avatarUrl: null,
      });
      expect(session.roles).toEqual([]);
      expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    });

    it('sets a persistent HttpOnly SameSite=Strict cookie when remembered', async () => {
      const response = await post('/api/auth/sign-up', newUser({ remember: true }));
      const cookie = refreshCookie(response);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie?.maxAge).toBeGreaterThan(24 * 60 * 60);
    });

    it('sets a session cookie when not remembered', async () => {
      const response = await post('/api/auth/sign-up', newUser({ remember: false }));
      const cookie = refreshCookie(response);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect(cookie?.maxAge).toBeUndefined();
      expect(cookie?.expires).toBeUndefined();
    });

    it.each([
      [{ fullName: '' }, MESSAGES.validation.fullNameRequired, 'fullName'],
      [{ fullName: 'x'.repeat(101) }, MESSAGES.validation.fullNameMax, 'fullName'],
      [{ username: 'ab' }, MESSAGES.validation.usernameMin, 'username'],
      [{ username: 'a'.repeat(31) }, MESSAGES.validation.usernameMax, 'username'],
      [{ username: 'bad name!' }, MESSAGES.validation.usernameChars, 'username'],
      [{ email: 'not-an-email' }, MESSAGES.validation.invalidEmail, 'email'],
      [{ password: 'short' }, MESSAGES.validation.passwordMin, 'password'],
      [{ userType: 'scout' }, MESSAGES.validation.userTypeRequired, 'userType'],
    ])('refuses %j with "%s" and stores nothing', async (override, message, field) => {
      const input = { ...newUser(), ...override };
      const response = await post('/api/auth/sign-up', input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'validation_failed', message, fields: { [field]: message } },
      });
      const signIn = await post('/api/auth/sign-in', {
        email: input.email,
        password: input.password,
      });
      expect(signIn.statusCode).not.toBe(200);
    });

    it('refuses a body that is not JSON with the error shape', async () => {
      const response = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { 'content-type': 'application/json' },
        payload: '{"fullName":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('bad_request');
    });

    it('refuses an email already registered, whatever its case', async () => {
      const first = await signUp(context());
      const response = await post(
        '/api/auth/sign-up',
        newUser({ email: first.input.email.toUpperCase() }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'conflict', message: MESSAGES.auth.emailTaken },
      });
    });

    it('refuses a username already taken, whatever its case', async () => {
      const first = await signUp(context());
      const response = await post(
        '/api/auth/sign-up',
        newUser({ username: first.input.username.toUpperCase() }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'conflict', message: MESSAGES.auth.usernameTaken },
      });
    });

    it('lets exactly one of several simultaneous sign-ups take a username', async () => {
      const username = newUser().username;
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => post('/api/auth/sign-up', newUser({ username }))),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json<{ error: { message: string } }>().error.message).toBe(
          MESSAGES.auth.usernameTaken,
        );
      }
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password, whatever the email case', async () => {
      const { input } = await signUp(context());
      const response = await post('/api/auth/sign-in', {
        email: input.email.toUpperCase(),
        password: input.password,
        remember: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Session>().profile.username).toBe(input.username);
      expect(refreshCookie(response)?.maxAge).toBeUndefined();
    });

    it('refuses a wrong password and an unknown email alike', async () => {
      const { input } = await signUp(context());
      const wrong = await post('/api/auth/sign-in', {
        email: input.email,
        password: 'wrong-password-1',
      });
      const unknown = await post('/api/auth/sign-in', {
        email: 'nobody@arena.test',
        password: 'whatever-1',
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: { code: 'unauthorized', message: MESSAGES.auth.invalidCredentials },
        });
        expect(refreshCookie(response)).toBeUndefined();
      }
    });

    it('validates the body with the shared messages', async () => {
      const response = await post('/api/auth/sign-in', { email: 'x', password: 'y' });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        MESSAGES.validation.invalidEmail,
      );
    });

    it('pauses an account after 10 failed attempts, even for the right password', async () => {
      const { input } = await signUp(context());
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await post('/api/auth/sign-in', {
          email: input.email,
          password: `wrong-${attempt}-pass`,
        });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await post('/api/auth/sign-in', {
        email: input.email,
        password: input.password,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: { code: 'rate_limited', message: MESSAGES.auth.tooManyFailedSignIns },
      });
    });
  });
});

describeEachDatabase(
  'per-IP rate limits (strict)',
  (context) => {
    it('answers 429 with a clear message past the sign-in limit', async () => {
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 21; attempt += 1) {
        last = await context().app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: `someone${attempt}@arena.test`, password: 'not-the-password' },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(last?.statusCode).toBe(429);
      const body = last?.json<{ error: { code: string; message: string } }>();
      expect(body?.error.code).toBe('rate_limited');
      expect(body?.error.message).toContain(MESSAGES.rateLimited);
    });
  },
  { rateLimits: 'strict' },
);
