import { afterAll, afterEach, expect, it, vi } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { errorOf, postJson, refreshWith, signIn, sleep } from './account-helpers.ts';
import { newUser, refreshCookie, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { linkIn, startSmtpSink } from './smtp-sink.ts';

const m = MESSAGES.account;
const CONFIRM_SUBJECT = 'Confirm your email address for Arena';

const sink = await startSmtpSink();
afterAll(() => sink.close());
afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase(
  'email confirmation (REQUIRE_EMAIL_CONFIRMATION=true)',
  (context) => {
    const confirm = (token: unknown) =>
      postJson(context(), '/api/auth/email-confirmation/confirm', { token });
    const resend = (email: string) =>
      postJson(context(), '/api/auth/email-confirmation/resend', { email });

    /** Signs up (202, no session) and returns the user and the token of their `nth` link. */
    async function signUpPending(nth = 1) {
      const input = newUser();
      const response = await postJson(context(), '/api/auth/sign-up', input);
      expect(response.statusCode, response.body).toBe(202);
      const mail = await sink.waitForMail(input.email, CONFIRM_SUBJECT, nth);
      return { input, response, token: linkIn(mail, '/auth/confirm').token };
    }

    it('signs nobody in at sign-up, and sends a confirmation link', async () => {
      const { input, response } = await signUpPending();
      expect(response.json()).toEqual({ confirmationRequired: true, email: input.email });
      expect(refreshCookie(response)).toBeUndefined();
      const mail = await sink.waitForMail(input.email, CONFIRM_SUBJECT);
      expect(mail.text).toContain('expires in 24 hours');
      expect(mail.text).toContain(`Hi ${input.fullName},`);
    });

    it('refuses sign-in before the link is used, saying why only to the password holder', async () => {
      const { input } = await signUpPending();
      const right = await signIn(context(), input.email, input.password);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ error: { code: 'forbidden', message: m.emailNotConfirmed } });
      expect(refreshCookie(right)).toBeUndefined();

      const wrong = await signIn(context(), input.email, 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong).message).toBe(MESSAGES.auth.invalidCredentials);
    });

    it('confirms with the link and signs in; the link then works no more', async () => {
      const { input, token } = await signUpPending();
      const response = await confirm(token);
      expect(response.statusCode, response.body).toBe(200);
      const session = response.json<Session>();
      expect(session.user.email).toBe(input.email);
      expect(session.profile.username).toBe(input.username);
      const cookie = refreshCookie(response);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect((await refreshWith(context(), cookie!.value)).statusCode).toBe(200);

      expect((await signIn(context(), input.email, input.password)).statusCode).toBe(200);

      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: { code: 'bad_request', message: m.confirmLinkUsed } });
      expect(refreshCookie(again)).toBeUndefined();
    });

    it('refuses a link older than 24 hours', async () => {
      const { input, token } = await signUpPending();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
      const response = await confirm(token);
      vi.useRealTimers();
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(m.confirmLinkExpired);
      expect((await signIn(context(), input.email, input.password)).statusCode).toBe(403);
    });

    it('refuses a wrong, foreign or missing token', async () => {
      const { input, token } = await signUpPending();
      // A password reset link is signed by the same key, for another purpose.
      expect(
        (await postJson(context(), '/api/auth/password-reset/request', { email: input.email }))
          .statusCode,
      ).toBe(202);
      const resetToken = linkIn(
        await sink.waitForMail(input.email, 'Reset your Arena password'),
        '/auth/reset-password',
      ).token;
      for (const bad of ['nonsense', resetToken, `${token}x`]) {
        const response = await confirm(bad);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toEqual({ code: 'bad_request', message: m.confirmLinkInvalid });
      }
      for (const missing of [undefined, '', 42]) {
        const response = await confirm(missing);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(m.confirmLinkInvalid);
      }
      expect((await signIn(context(), input.email, input.password)).statusCode).toBe(403);
    });

    it('resends a link to an unconfirmed account only, with one answer for every address', async () => {
      const pending = await signUpPending();
      const confirmed = await signUpPending();
      expect((await confirm(confirmed.token)).statusCode).toBe(200);
      const unknownEmail = `nobody.${Date.now()}@arena.test`;

      const responses = await Promise.all(
        [pending.input.email, confirmed.input.email, unknownEmail].map(resend),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ message: m.confirmationResent });
      }

      const second = await sink.waitForMail(pending.input.email, CONFIRM_SUBJECT, 2);
      await sleep(300);
      expect(sink.mailsTo(confirmed.input.email, CONFIRM_SUBJECT)).toHaveLength(1);
      expect(sink.mailsTo(unknownEmail)).toEqual([]);

      // The new link works; the first one is retired with it.
      expect((await confirm(linkIn(second, '/auth/confirm').token)).statusCode).toBe(200);
      expect(errorOf(await confirm(pending.token)).message).toBe(m.confirmLinkInvalid);
    });

    it('limits resends per email, registered or not', async () => {
      const { input } = await signUpPending();
      const unknownEmail = `ghost.${Date.now()}@arena.test`;
      for (const email of [input.email, unknownEmail]) {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          expect((await resend(email)).statusCode).toBe(202);
        }
        const refused = await resend(email);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: { code: 'rate_limited', message: m.tooManyConfirmationRequests },
        });
      }
    });

    it('counts a password reset through the emailed link as a confirmation', async () => {
      const { input } = await signUpPending();
      await postJson(context(), '/api/auth/password-reset/request', { email: input.email });
      const token = linkIn(
        await sink.waitForMail(input.email, 'Reset your Arena password'),
        '/auth/reset-password',
      ).token;
      const reset = await postJson(context(), '/api/auth/password-reset/complete', {
        token,
        password: 'fresh-password-5',
        confirmPassword: 'fresh-password-5',
      });
      expect(reset.statusCode).toBe(200);
      expect((await signIn(context(), input.email, 'fresh-password-5')).statusCode).toBe(200);
    });

    it('still refuses an email already registered', async () => {
      const { input } = await signUpPending();
      const response = await postJson(
        context(),
        '/api/auth/sign-up',
        newUser({ email: input.email }),
      );
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).message).toBe(MESSAGES.auth.emailTaken);
    });
  },
  { smtpUrl: sink.url, requireEmailConfirmation: true },
);

describeEachDatabase(
  'email confirmation not required (the default)',
  (context) => {
    it('signs in at sign-up as before, sends no mail, and resends nothing', async () => {
      const user = await signUp(context());
      expect(user.session.user.email).toBe(user.input.email);
      const resend = await postJson(context(), '/api/auth/email-confirmation/resend', {
        email: user.input.email,
      });
      expect(resend.statusCode).toBe(202);
      expect(resend.json()).toEqual({ message: m.confirmationResent });
      await sleep(300);
      expect(sink.mailsTo(user.input.email)).toEqual([]);
      expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(200);
    });
  },
  { smtpUrl: sink.url },
);
