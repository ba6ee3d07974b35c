import { afterAll, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { anotherSession, errorOf, postJson, refreshWith, signIn } from './account-helpers.ts';
import { refreshCookie, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { linkIn, startSmtpSink } from './smtp-sink.ts';

const m = MESSAGES.account;
const NEW_PASSWORD = 'changed-password-8';

const sink = await startSmtpSink();
afterAll(() => sink.close());

describeEachDatabase(
  'password change',
  (context) => {
    const change = (user: SignedUp, body: object, cookie: string | null = user.refreshToken) =>
      postJson(
        context(),
        '/api/auth/password/change',
        body,
        user.bearer,
        cookie ? { arena_refresh: cookie } : {},
      );
    const valid = (user: SignedUp, newPassword = NEW_PASSWORD) => ({
      currentPassword: user.input.password,
      newPassword,
      confirmPassword: newPassword,
    });

    it('changes the password, keeps this session, signs out the others and sends a notice', async () => {
      const user = await signUp(context());
      const other = await anotherSession(context(), user.input.email, user.input.password);
      const otherAccess = await refreshWith(context(), other);
      const { accessToken } = otherAccess.json<{ accessToken: string }>();
      const otherBearer = { authorization: `Bearer ${accessToken}` };
      const asOther = () =>
        context().app.inject({ method: 'GET', url: '/api/auth/session', headers: otherBearer });
      expect((await asOther()).statusCode).toBe(200);
      const otherRefresh = refreshCookie(otherAccess)?.value ?? other;

      const response = await change(user, valid(user));
      expect(response.statusCode, response.body).toBe(204);

      // The other session's access token stops at once, not when it expires.
      expect((await asOther()).statusCode).toBe(401);
      expect((await refreshWith(context(), otherRefresh)).statusCode).toBe(401);
      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(200);
      expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(401);
      expect((await signIn(context(), user.input.email, NEW_PASSWORD)).statusCode).toBe(200);

      const notice = await sink.waitForMail(user.input.email, 'Your Arena password was changed');
      expect(notice.text).toContain('changed in Settings');
      expect(notice.text).toContain('/auth/forgot-password');
    });

    it('refuses a wrong current password with a clear message and changes nothing', async () => {
      const user = await signUp(context());
      const other = await anotherSession(context(), user.input.email, user.input.password);
      const response = await change(user, { ...valid(user), currentPassword: 'not-my-password' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: m.currentPasswordWrong,
          fields: { currentPassword: m.currentPasswordWrong },
        },
      });
      expect((await refreshWith(context(), other)).statusCode).toBe(200);
      expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(200);
    });

    it('pauses changes after 5 wrong current passwords, even with the right one', async () => {
      const user = await signUp(context());
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await change(user, {
          ...valid(user),
          currentPassword: `wrong-${attempt}-x`,
        });
        expect(response.statusCode).toBe(400);
      }
      const blocked = await change(user, valid(user));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: { code: 'rate_limited', message: m.tooManyWrongPasswords },
      });
      expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(200);
    });

    it.each([
      ['short', 'short', MESSAGES.validation.passwordMin, 'newPassword'],
      [NEW_PASSWORD, 'something-else-1', m.passwordsDoNotMatch, 'confirmPassword'],
    ])(
      'applies the sign-up rules to %j / %j',
      async (newPassword, confirmPassword, message, field) => {
        const user = await signUp(context());
        const response = await change(user, {
          currentPassword: user.input.password,
          newPassword,
          confirmPassword,
        });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toMatchObject({ message, fields: { [field]: message } });
        expect((await signIn(context(), user.input.email, user.input.password)).statusCode).toBe(
          200,
        );
      },
    );

    it('refuses the current password as the new one, and a missing current password', async () => {
      const user = await signUp(context());
      const same = await change(user, valid(user, user.input.password));
      expect(errorOf(same)).toMatchObject({ fields: { newPassword: m.passwordUnchanged } });
      const missing = await change(user, {
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(errorOf(missing)).toMatchObject({
        fields: { currentPassword: m.currentPasswordRequired },
      });
    });

    it('asks for a signed-in caller', async () => {
      const user = await signUp(context());
      const response = await postJson(context(), '/api/auth/password/change', valid(user));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(MESSAGES.auth.signInRequired);
    });

    it('signs out every session when the caller brings no refresh cookie of its own', async () => {
      const user = await signUp(context());
      const stranger = await signUp(context());
      // No cookie at all: nothing to keep.
      expect((await change(user, valid(user), null)).statusCode).toBe(204);
      expect((await refreshWith(context(), user.refreshToken)).statusCode).toBe(401);
      // This session ended too, so its access token is refused from now on.
      expect((await change(user, valid(user), null)).statusCode).toBe(401);

      // Someone else's cookie keeps nothing of theirs, and ends nothing of theirs.
      const signedIn = await signIn(context(), user.input.email, NEW_PASSWORD);
      const again: SignedUp = {
        ...user,
        bearer: {
          authorization: `Bearer ${signedIn.json<{ accessToken: string }>().accessToken}`,
        },
      };
      const next = await anotherSession(context(), user.input.email, NEW_PASSWORD);
      const body = {
        currentPassword: NEW_PASSWORD,
        newPassword: 'third-password-3',
        confirmPassword: 'third-password-3',
      };
      expect((await change(again, body, stranger.refreshToken)).statusCode).toBe(204);
      expect((await refreshWith(context(), next)).statusCode).toBe(401);
      expect((await refreshWith(context(), stranger.refreshToken)).statusCode).toBe(200);
    });

    it('retires a reset link asked for before the change', async () => {
      const user = await signUp(context());
      await postJson(context(), '/api/auth/password-reset/request', { email: user.input.email });
      const token = linkIn(
        await sink.waitForMail(user.input.email, 'Reset your Arena password'),
        '/auth/reset-password',
      ).token;
      expect((await change(user, valid(user))).statusCode).toBe(204);
      const reset = await postJson(context(), '/api/auth/password-reset/complete', {
        token,
        password: 'attacker-choice-1',
        confirmPassword: 'attacker-choice-1',
      });
      expect(reset.statusCode).toBe(400);
      expect(errorOf(reset).message).toBe(m.resetLinkInvalid);
      expect((await signIn(context(), user.input.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  },
  { smtpUrl: sink.url },
);
