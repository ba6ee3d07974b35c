import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { oidcFlows } from '../src/modules/identities/identities.tables.ts';
import { describeEachDatabase } from './harness.ts';
import { APP_ORIGIN, TestBrowser } from './oidc-browser.ts';
import {
  browserFor,
  landing,
  loginAtProvider,
  newSubject,
  providerAnswer,
  signInWith,
  signUpWithProvider,
  useTestProvider,
} from './oidc-fixtures.ts';

const oidc = useTestProvider();

// Signing up and in through a provider: oidc-sign-in.test.ts.
describeEachDatabase(
  'third-party sign-in: the provider’s answer and where the browser goes',
  (context) => {
    const db = () => context().database.db;

    /**
     * A returning person's sign-in whose flow row is changed (`change`) while they are at the
     * provider; returns their browser and where the provider's answer then sends it.
     */
    async function answeredAfter(change: PgUpdateSetSource<typeof oidcFlows>) {
      const subject = newSubject();
      await signUpWithProvider(context(), subject);
      const browser = browserFor(context());
      const start = await browser.request('/api/auth/oidc/acme/start');
      const state = start.location?.searchParams.get('state') ?? '';
      const answer = await providerAnswer(browser, await loginAtProvider(browser, start, subject));
      await db().update(oidcFlows).set(change).where(eq(oidcFlows.state, state));
      return { browser, refused: landing(await browser.request(answer)) };
    }

    describe('the provider’s answer', () => {
      it('is accepted once: a replayed answer signs no one in', async () => {
        const subject = newSubject();
        await signUpWithProvider(context(), subject);
        const browser = browserFor(context());
        const answer = await providerAnswer(
          browser,
          await loginAtProvider(browser, '/api/auth/oidc/acme/start', subject),
        );
        expect(landing(await browser.request(answer)).pathname).toBe('/auth/callback');

        browser.deleteCookie('arena.test', 'arena_refresh');
        const replay = landing(await browser.request(answer));
        expect(replay.toString()).toBe(`${APP_ORIGIN}/auth?oidcError=expired&provider=acme`);
        expect(browser.cookie('arena.test', 'arena_refresh')).toBeUndefined();
      });

      it('refuses a state it did not issue', async () => {
        const browser = browserFor(context());
        await browser.request('/api/auth/oidc/acme/start');
        for (const query of ['?code=abc&state=made-up', '?code=abc', '']) {
          const response = await browser.request(`/api/auth/oidc/acme/callback${query}`);
          expect(landing(response).toString()).toBe(
            `${APP_ORIGIN}/auth?oidcError=expired&provider=acme`,
          );
        }
      });

      it('must come back to the browser that started the sign-in', async () => {
        const subject = newSubject();
        await signUpWithProvider(context(), subject);
        const starter = browserFor(context());
        const answer = await providerAnswer(
          starter,
          await loginAtProvider(starter, '/api/auth/oidc/acme/start', subject),
        );
        // Someone else's browser (no binding cookie, or another one) presents the answer.
        const other = new TestBrowser(context().app);
        other.setCookie('arena.test', 'arena_oidc', 'another-browser', '/api/auth/oidc');
        const refused = landing(await other.request(answer));
        expect(refused.toString()).toBe(`${APP_ORIGIN}/auth?oidcError=expired&provider=acme`);
        expect(other.cookie('arena.test', 'arena_refresh')).toBeUndefined();
      });

      it('is refused once the flow has expired', async () => {
        const { browser, refused } = await answeredAfter({
          expiresAt: sql`now() - interval '1 second'`,
        });
        expect(refused.toString()).toBe(`${APP_ORIGIN}/auth?oidcError=expired&provider=acme`);
        expect(browser.cookie('arena.test', 'arena_refresh')).toBeUndefined();
      });

      it('is redeemed with the PKCE verifier: without the right one the provider refuses the code', async () => {
        const { browser, refused } = await answeredAfter({ codeVerifier: 'x'.repeat(43) });
        expect(refused.toString()).toBe(`${APP_ORIGIN}/auth?oidcError=failed&provider=acme`);
        expect(browser.cookie('arena.test', 'arena_refresh')).toBeUndefined();
      });

      it('tells the person when they cancelled at the provider', async () => {
        const browser = browserFor(context());
        const loginPage = await browser.follow(await browser.request('/api/auth/oidc/acme/start'));
        const abort = /href="([^"]*\/abort)"/.exec(loginPage.body)?.[1];
        expect(abort).toBeTruthy();
        const answer = await providerAnswer(
          browser,
          await browser.request(new URL(abort ?? '', loginPage.url)),
        );
        expect(answer.searchParams.get('error')).toBe('access_denied');
        const landed = landing(await browser.request(answer));
        expect(landed.toString()).toBe(`${APP_ORIGIN}/auth?oidcError=cancelled&provider=acme`);
      });

      it('for an unknown provider is refused with a message', async () => {
        const response = await browserFor(context()).request(
          '/api/auth/oidc/nope/callback?code=a&state=b',
        );
        expect(landing(response).toString()).toBe(
          `${APP_ORIGIN}/auth?oidcError=expired&provider=nope`,
        );
      });
    });

    describe('where the browser goes afterwards', () => {
      it.each([
        'https://evil.test/feed',
        '//evil.test/feed',
        '/\\evil.test',
        '\\\\evil.test',
        'javascript:alert(1)',
        'feed',
        '/feed\r\nSet-Cookie: a=b',
        `/${'a'.repeat(600)}`,
      ])('refuses %j as the page to return to, before anything starts', async (redirectTo) => {
        const browser = browserFor(context());
        const response = await browser.request(
          `/api/auth/oidc/acme/start?${new URLSearchParams({ redirectTo }).toString()}`,
        );
        expect(response.status).toBe(400);
        expect(response.location).toBeNull();
        expect(JSON.parse(response.body)).toMatchObject({
          error: { message: MESSAGES.identities.redirectInvalid },
        });
        expect(browser.cookie('arena.test', 'arena_oidc')).toBeUndefined();
      });

      it('goes to the feed when no page was asked for', async () => {
        const subject = newSubject();
        await signUpWithProvider(context(), subject);
        const landed = await signInWith(browserFor(context()), subject);
        expect(landed.toString()).toBe(`${APP_ORIGIN}/auth/callback?redirectTo=%2Ffeed`);
      });
    });
  },
  oidc.config,
);
