import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type { OidcPendingSignUp } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';

import { users } from '../src/modules/auth/auth.tables.ts';
import { identities, oidcFlows } from '../src/modules/identities/identities.tables.ts';
import { newUser, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { APP_ORIGIN } from './oidc-browser.ts';
import {
  browserFor,
  completeBody,
  loginAtProvider,
  newSubject,
  providerAnswer,
  sessionFromCookie,
  signInWith,
  signUpWithProvider,
  useTestProvider,
} from './oidc-fixtures.ts';

const oidc = useTestProvider();

describeEachDatabase(
  'third-party sign-in',
  (context) => {
    const db = () => context().database.db;

    const identityRows = (subject: string) =>
      db().select().from(identities).where(eq(identities.subject, subject));

    describe('providers', () => {
      it('lists the configured providers to anyone, with their labels', async () => {
        const response = await context().app.inject({
          method: 'GET',
          url: '/api/auth/oidc/providers',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          providers: [
            { name: 'acme', label: 'Acme ID' },
            { name: 'globex', label: 'Globex' },
            { name: 'down', label: 'Down' },
          ],
        });
      });

      it('sends the browser to the provider with S256 PKCE, a state and a nonce', async () => {
        const browser = browserFor(context());
        const start = await browser.request('/api/auth/oidc/acme/start?redirectTo=/feed');
        expect(start.status).toBe(302);
        const url = start.location;
        expect(url?.origin).toBe(new URL(oidc.provider().issuer).origin);
        const query = url?.searchParams;
        expect(query?.get('client_id')).toBe('arena-acme');
        expect(query?.get('redirect_uri')).toBe(`${APP_ORIGIN}/api/auth/oidc/acme/callback`);
        expect(query?.get('response_type')).toBe('code');
        expect(query?.get('scope')).toBe('openid email profile');
        expect(query?.get('code_challenge_method')).toBe('S256');
        expect(query?.get('code_challenge')).toMatch(/^[\w-]{43}$/);
        expect(query?.get('state')).toMatch(/^[\w-]{20,}$/);
        expect(query?.get('nonce')).toMatch(/^[\w-]{20,}$/);
        expect(browser.cookie('arena.test', 'arena_oidc')).toBeTruthy();
      });

      it('answers 404 for a provider that is not configured', async () => {
        const response = await context().app.inject({
          method: 'GET',
          url: '/api/auth/oidc/nope/start',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          error: { message: MESSAGES.identities.unknownProvider },
        });
      });

      it('sends the browser back with a message when the provider cannot be reached', async () => {
        const browser = browserFor(context());
        const start = await browser.request('/api/auth/oidc/down/start');
        expect(start.status).toBe(302);
        expect(start.location?.toString()).toBe(
          `${APP_ORIGIN}/auth?oidcError=unavailable&provider=down`,
        );
      });
    });

    describe('a new person', () => {
      it('finishes creating the account, without a password, and is signed in', async () => {
        const subject = newSubject('newbie');
        oidc.provider().addAccount({
          sub: subject,
          email: `${subject}@Example.test`,
          email_verified: true,
          name: 'Maria Costa',
          preferred_username: 'maria.costa',
        });
        const browser = browserFor(context());
        const landed = await signInWith(browser, subject, { redirectTo: '/messages?user=ana' });
        expect(landed.toString()).toBe(`${APP_ORIGIN}/auth/finish`);
        expect(browser.cookie('arena.test', 'arena_refresh')).toBeUndefined();

        const pending = await browser.request('/api/auth/oidc/sign-up');
        expect(pending.status, pending.body).toBe(200);
        expect(JSON.parse(pending.body)).toEqual<OidcPendingSignUp>({
          provider: 'acme',
          providerLabel: 'Acme ID',
          email: `${subject}@example.test`,
          fullName: 'Maria Costa',
          username: 'maria_costa',
          remember: true,
          redirectTo: '/messages?user=ana',
        });

        const username = `m_${subject}`.slice(0, 30);
        const created = await browser.request('/api/auth/oidc/sign-up', {
          json: { fullName: '  Maria Costa ', username, userType: 'coach', adultConfirmed: true },
        });
        expect(created.status, created.body).toBe(201);
        const session = JSON.parse(created.body) as Session;
        expect(session.user.email).toBe(`${subject}@example.test`);
        expect(session.profile).toMatchObject({
          username,
          fullName: 'Maria Costa',
          userType: 'coach',
        });
        expect(browser.cookie('arena.test', 'arena_oidc_sign_up')).toBeUndefined();

        const [user] = await db().select().from(users).where(eq(users.id, session.user.id));
        expect(user?.passwordHash).toBeNull();
        expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
        expect(await identityRows(subject)).toMatchObject([
          { userId: session.user.id, provider: 'acme', email: `${subject}@example.test` },
        ]);

        // The refresh cookie is the session, as after a password sign-in.
        expect((await sessionFromCookie(browser)).user.id).toBe(session.user.id);
      });

      it('refuses the finishing form with the sign-up rules and messages, and creates nothing', async () => {
        const subject = newSubject();
        const browser = browserFor(context());
        await signInWith(browser, subject);
        for (const [override, message, field] of [
          [{ fullName: '' }, MESSAGES.validation.fullNameRequired, 'fullName'],
          [{ username: 'ab' }, MESSAGES.validation.usernameMin, 'username'],
          [{ username: 'bad name!' }, MESSAGES.validation.usernameChars, 'username'],
          [{ username: 'a'.repeat(31) }, MESSAGES.validation.usernameMax, 'username'],
          [{ userType: 'scout' }, MESSAGES.validation.userTypeRequired, 'userType'],
        ] as const) {
          const response = await browser.request('/api/auth/oidc/sign-up', {
            json: completeBody(override),
          });
          expect(response.status).toBe(400);
          expect(JSON.parse(response.body)).toEqual({
            error: { code: 'validation_failed', message, fields: { [field]: message } },
          });
        }
        expect(await identityRows(subject)).toEqual([]);
        // Still pending: the person can correct the form.
        expect((await browser.request('/api/auth/oidc/sign-up')).status).toBe(200);
      });

      it('refuses a username that is taken, and lets the person pick another', async () => {
        const taken = await signUp(context());
        const subject = newSubject();
        const browser = browserFor(context());
        await signInWith(browser, subject);
        const refused = await browser.request('/api/auth/oidc/sign-up', {
          json: completeBody({ username: taken.input.username.toUpperCase() }),
        });
        expect(refused.status).toBe(409);
        expect(JSON.parse(refused.body)).toMatchObject({
          error: { message: MESSAGES.auth.usernameTaken },
        });
        const accepted = await browser.request('/api/auth/oidc/sign-up', { json: completeBody() });
        expect(accepted.status, accepted.body).toBe(201);
      });

      it('spends the sign-up token: it finishes one account only', async () => {
        const subject = newSubject();
        const { browser } = await signUpWithProvider(context(), subject);
        const again = await browser.request('/api/auth/oidc/sign-up', { json: completeBody() });
        expect(again.status).toBe(400);
        expect(JSON.parse(again.body)).toMatchObject({
          error: { message: MESSAGES.identities.signUpExpired },
        });
        expect(await identityRows(subject)).toHaveLength(1);
      });

      it('refuses a sign-up token that has expired', async () => {
        const subject = newSubject();
        const browser = browserFor(context());
        await signInWith(browser, subject);
        await db()
          .update(oidcFlows)
          .set({ signUpExpiresAt: sql`now() - interval '1 second'` })
          .where(eq(oidcFlows.provider, 'acme'));
        for (const request of [
          browser.request('/api/auth/oidc/sign-up'),
          browser.request('/api/auth/oidc/sign-up', { json: completeBody() }),
        ]) {
          const response = await request;
          expect(response.status).toBe(400);
          expect(JSON.parse(response.body)).toMatchObject({
            error: { message: MESSAGES.identities.signUpExpired },
          });
        }
        expect(await identityRows(subject)).toEqual([]);
      });

      it('refuses to finish without the sign-up cookie', async () => {
        const response = await context().app.inject({
          method: 'POST',
          url: '/api/auth/oidc/sign-up',
          payload: completeBody(),
          cookies: { arena_oidc_sign_up: 'made-up' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { message: MESSAGES.identities.signUpExpired },
        });
      });

      it('is not signed in with a password: the account has none', async () => {
        const subject = newSubject();
        const { session } = await signUpWithProvider(context(), subject);
        for (const password of ['', 'correct-horse-42', 'null', 'undefined']) {
          const response = await context().app.inject({
            method: 'POST',
            url: '/api/auth/sign-in',
            payload: { email: session.user.email, password: password.padEnd(8, 'x') },
          });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toMatchObject({
            error: { message: MESSAGES.auth.invalidCredentials },
          });
        }
      });

      it('needs a confirmed email from the provider', async () => {
        const unverified = newSubject();
        oidc
          .provider()
          .addAccount({ sub: unverified, email: `${unverified}@x.test`, email_verified: false });
        const noEmail = newSubject();
        oidc.provider().addAccount({ sub: noEmail, name: 'No Email' });
        for (const subject of [unverified, noEmail]) {
          const landed = await signInWith(browserFor(context()), subject);
          expect(landed.toString()).toBe(
            `${APP_ORIGIN}/auth?oidcError=emailUnverified&provider=acme`,
          );
        }
      });

      it('is never linked to an existing account by email: that is for its owner to do', async () => {
        const owner = await signUp(context());
        const intruder = newSubject('intruder');
        oidc.provider().addAccount({
          sub: intruder,
          email: owner.input.email.toUpperCase(),
          email_verified: true,
        });
        const browser = browserFor(context());
        const landed = await signInWith(browser, intruder);
        expect(landed.toString()).toBe(`${APP_ORIGIN}/auth?oidcError=emailInUse&provider=acme`);
        expect(browser.cookie('arena.test', 'arena_refresh')).toBeUndefined();
        expect(browser.cookie('arena.test', 'arena_oidc_sign_up')).toBeUndefined();
        expect(await identityRows(intruder)).toEqual([]);
      });
    });

    describe('a returning person', () => {
      it('is signed in and sent on to the page they asked for', async () => {
        const subject = newSubject();
        const { session } = await signUpWithProvider(context(), subject);

        const browser = browserFor(context());
        const landed = await signInWith(browser, subject, { redirectTo: '/profile/edit' });
        expect(landed.toString()).toBe(`${APP_ORIGIN}/auth/callback?redirectTo=%2Fprofile%2Fedit`);
        expect((await sessionFromCookie(browser)).user.id).toBe(session.user.id);
      });

      it('keeps the email the provider last gave, for display', async () => {
        const subject = newSubject();
        oidc
          .provider()
          .addAccount({ sub: subject, email: `${subject}@old.test`, email_verified: true });
        await signUpWithProvider(context(), subject);
        oidc
          .provider()
          .addAccount({ sub: subject, email: `${subject}@new.test`, email_verified: true });
        await signInWith(browserFor(context()), subject);
        expect(await identityRows(subject)).toMatchObject([{ email: `${subject}@new.test` }]);
      });

      it('gets a persistent cookie when remembered, a session cookie when not', async () => {
        const subject = newSubject();
        await signUpWithProvider(context(), subject);
        for (const remember of [true, false]) {
          const browser = browserFor(context());
          const start = await browser.request(
            `/api/auth/oidc/acme/start?remember=${String(remember)}`,
          );
          const answer = await providerAnswer(
            browser,
            await loginAtProvider(browser, start, subject),
          );
          const response = await context().app.inject({
            method: 'GET',
            url: answer.pathname + answer.search,
            cookies: { arena_oidc: browser.cookie('arena.test', 'arena_oidc') ?? '' },
          });
          expect(response.statusCode).toBe(302);
          const cookie = response.cookies.find((c) => c.name === 'arena_refresh');
          expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
          if (remember) expect(cookie?.maxAge).toBeGreaterThan(24 * 60 * 60);
          else expect(cookie?.maxAge).toBeUndefined();
        }
      });
    });

    it('keeps password accounts working', async () => {
      const user = await signUp(context(), newUser());
      const response = await context().app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.input.email, password: user.input.password },
      });
      expect(response.statusCode).toBe(200);
    });
  },
  oidc.config,
);
