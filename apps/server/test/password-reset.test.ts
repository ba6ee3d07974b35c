import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import {
  anotherSession,
  errorOf,
  postJson,
  refreshWith,
  signIn,
  sleep,
} from './account-helpers.ts';
import { refreshCookie, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { linkIn, startSmtpSink } from './smtp-sink.ts';

const m = MESSAGES.account;
const RESET_SUBJECT = 'Reset your Arena password';
const CHANGED_SUBJECT = 'Your Arena password was changed';
const NEW_PASSWORD = 'brand-new-secret-7';

const sink = await startSmtpSink();
afterAll(() => sink.close());
afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase(
  'password reset',
  (context) => {
    const request = (email: string) =>
      postJson(context(), '/api/auth/password-reset/request', { email });
    const complete = (body: object) =>
      postJson(context(), '/api/auth/password-reset/complete', body);
    const withPassword = (token: string, password = NEW_PASSWORD) => ({
      token,
      password,
      confirmPassword: password,
    });

    /** Asks for a link for `email` and returns the token of the `nth` reset mail it received. */
    async function resetToken(email: string, nth = 1) {
      expect((await request(email)).statusCode).toBe(202);
      return linkIn(await sink.waitForMail(email, RESET_SUBJECT, nth), '/auth/reset-password')
        .token;
    }

    it('answers a registered and an unknown email alike, and mails only the registered one', async () => {
      const user = await signUp(context());
      const unknownEmail = `nobody.${Date.now()}@arena.test`;
      const unknown = await request(unknownEmail);
      const known = await request(user.input.email);

      for (const response of [known, unknown]) {
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ message: m.resetRequested });
        expect(refreshCookie(response)).toBeUndefined();
      }
      expect(known.body).toBe(unknown.body);
      expect(known.headers['content-type']).toBe(unknown.headers['content-type']);

      const mail = await sink.waitForMail(user.input.email, RESET_SUBJECT);
      expect(mail.from).toBe('no-reply@arena.test');
      expect(mail.text).toContain(user.input.fullName);
      expect(mail.text).toContain('expires in 60 minutes');
      const { url } = linkIn(mail, '/auth/reset-password');
      expect(url.origin).toBe('http://localhost:0');
      expect(mail.html).toContain('/auth/reset-password?token=');

      await sleep(300);
      expect(sink.mailsTo(unknownEmail)).toEqual([]);
    });

    it('sets the new password, signs this browser in and every other session out', async () => {
      const user = await signUp(context());
      const other = await anotherSession(context(), user.input.email, user.input.password);
      const token = await resetToken(user.input.email);

      const response = await complete({ ...withPassword(token), remember: false });
      expect(response.statusCode, response.body).toBe(200);
      const session = response.json<Session>();
      expect(session.user.id).toBe(user.session.user.id);
      const cookie = refreshCookie(response);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie?.maxAge).toBeUndefined();

      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(401);
      expect((await refreshWith(context(), other)).statusCode).toBe(401);
      expect((await refreshWith(context(), cookie!.value)).statusCode).toBe(200);

      expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(401);
      expect((await signIn(context(), user.input.email, NEW_PASSWORD)).statusCode).toBe(200);

      const notice = await sink.waitForMail(user.input.email, CHANGED_SUBJECT);
      expect(notice.text).toContain('reset with a link');
      expect(notice.text).toContain('http://localhost:0/auth/forgot-password');
    });

    it('refuses a link used a second time, and keeps the first new password', async () => {
      const user = await signUp(context());
      const token = await resetToken(user.input.email);
      expect((await complete(withPassword(token))).statusCode).toBe(200);

      const again = await complete(withPassword(token, 'another-password-9'));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: { code: 'bad_request', message: m.resetLinkUsed } });
      expect(refreshCookie(again)).toBeUndefined();
      expect((await signIn(context(), user.input.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('lets exactly one of two simultaneous uses of a link through', async () => {
      const user = await signUp(context());
      const token = await resetToken(user.input.email);
      const [first, second] = await Promise.all([
        complete(withPassword(token, 'first-password-1')),
        complete(withPassword(token, 'second-password-2')),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
      const winner = first.statusCode === 200 ? 'first-password-1' : 'second-password-2';
      expect((await signIn(context(), user.input.email, winner)).statusCode).toBe(200);
    });

    it('refuses a link after an hour and changes nothing', async () => {
      const user = await signUp(context());
      const token = await resetToken(user.input.email);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61 * 60 * 1000);
      const response = await complete(withPassword(token));
      vi.useRealTimers();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'bad_request', message: m.resetLinkExpired },
      });
      expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(200);
    });

    it('refuses a wrong, tampered, foreign or missing token with a clear message', async () => {
      const user = await signUp(context());
      const token = await resetToken(user.input.email);
      const [header, payload, signature] = token.split('.');
      const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
      for (const bad of ['nonsense', tampered, user.session.accessToken, 'x'.repeat(3000)]) {
        const response = await complete(withPassword(bad));
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(m.resetLinkInvalid);
      }
      const missing = await complete({ password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing)).toMatchObject({
        code: 'validation_failed',
        fields: { token: m.resetLinkInvalid },
      });
      // None of that spent the real link.
      expect((await complete(withPassword(token))).statusCode).toBe(200);
    });

    it('applies the sign-up password rules and checks the repeated password, leaving the link usable', async () => {
      const user = await signUp(context());
      const token = await resetToken(user.input.email);
      const short = await complete(withPassword(token, 'short'));
      expect(short.statusCode).toBe(400);
      expect(errorOf(short)).toEqual({
        code: 'validation_failed',
        message: MESSAGES.validation.passwordMin,
        fields: { password: MESSAGES.validation.passwordMin },
      });
      const tooLong = await complete(withPassword(token, 'x'.repeat(257)));
      expect(errorOf(tooLong).message).toBe(MESSAGES.validation.passwordMax);
      const mismatch = await complete({ ...withPassword(token), confirmPassword: 'different-1' });
      expect(mismatch.statusCode).toBe(400);
      expect(errorOf(mismatch)).toMatchObject({
        message: m.passwordsDoNotMatch,
        fields: { confirmPassword: m.passwordsDoNotMatch },
      });
      expect((await complete(withPassword(token))).statusCode).toBe(200);
    });

    it('retires the older links once a newer one is used', async () => {
      const user = await signUp(context());
      const older = await resetToken(user.input.email, 1);
      const newer = await resetToken(user.input.email, 2);
      expect((await complete(withPassword(newer))).statusCode).toBe(200);
      const response = await complete(withPassword(older, 'yet-another-pass-3'));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(m.resetLinkInvalid);
    });

    it('limits requests per email, registered or not, with the same answer', async () => {
      const user = await signUp(context());
      const unknownEmail = `ghost.${Date.now()}@arena.test`;
      for (const email of [user.input.email, unknownEmail]) {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          expect((await request(email)).statusCode).toBe(202);
        }
      }
      const known = await request(user.input.email.toUpperCase());
      const unknown = await request(unknownEmail);
      for (const response of [known, unknown]) {
        expect(response.statusCode).toBe(429);
        expect(response.json()).toEqual({
          error: { code: 'rate_limited', message: m.tooManyResetRequests },
        });
      }
      await sink.waitForMail(user.input.email, RESET_SUBJECT, 3);
      await sleep(300);
      expect(sink.mailsTo(user.input.email, RESET_SUBJECT)).toHaveLength(3);
    });

    it('validates the email like sign-in does', async () => {
      const response = await request('not-an-email');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(MESSAGES.validation.invalidEmail);
    });
  },
  { smtpUrl: sink.url },
);

describeEachDatabase(
  'password reset per-IP limit (strict)',
  (context) => {
    it('answers 429 with a clear message past 10 requests an hour from one address', async () => {
      const responses = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        responses.push(
          await postJson(context(), '/api/auth/password-reset/request', {
            email: `someone${attempt}.${Date.now()}@arena.test`,
          }),
        );
      }
      expect(responses.map((r) => r.statusCode)).toEqual([...Array<number>(10).fill(202), 429]);
      const refused = errorOf(responses[10]!);
      expect(refused.code).toBe('rate_limited');
      expect(refused.message).toContain(MESSAGES.rateLimited);
    });
  },
  { rateLimits: 'strict', smtpUrl: sink.url },
);

describe('the SMTP sink', () => {
  it('refuses wrong credentials, so the app really authenticates', async () => {
    const nodemailer = await import('nodemailer');
    const wrong = sink.url.replace('mail-secret', 'wrong-secret');
    const transport = nodemailer.createTransport(wrong);
    await expect(
      transport.sendMail({ from: 'a@arena.test', to: 'b@arena.test', subject: 'x', text: 'x' }),
    ).rejects.toThrow(/Invalid username or password/);
    transport.close();
  });
});
