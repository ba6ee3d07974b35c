import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import type { MyIdentities } from '@arena/shared/identity.schema';
import { MESSAGES } from '@arena/shared/messages';

import { identities } from '../src/modules/identities/identities.tables.ts';
import { type SignedUp, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { APP_ORIGIN, type TestBrowser } from './oidc-browser.ts';
import {
  browserFor,
  landing,
  loginAtProvider,
  newSubject,
  providerAnswer,
  sessionFromCookie,
  signInWith,
  useTestProvider,
} from './oidc-fixtures.ts';

const oidc = useTestProvider();

describeEachDatabase(
  'linked identities',
  (context) => {
    const bearerOf = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

    const list = async (session: Session) => {
      const response = await context().app.inject({
        method: 'GET',
        url: '/api/me/identities',
        headers: bearerOf(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MyIdentities>();
    };

    const unlink = (session: Session, id: string) =>
      context().app.inject({
        method: 'DELETE',
        url: `/api/me/identities/${id}`,
        headers: bearerOf(session),
      });

    /** Links `provider` to the signed-in member as the provider's `subject`; returns the landing. */
    async function link(
      browser: TestBrowser,
      session: Session,
      subject: string,
      provider = 'acme',
    ) {
      const started = await browser.request(
        `/api/auth/oidc/${provider}/link`,
        { method: 'POST' },
        bearerOf(session),
      );
      expect(started.status, started.body).toBe(200);
      const { authorizationUrl } = JSON.parse(started.body) as { authorizationUrl: string };
      browser.clearCookies(new URL(authorizationUrl).hostname);
      const first = await browser.request(authorizationUrl);
      const answer = await providerAnswer(browser, await loginAtProvider(browser, first, subject));
      return landing(await browser.request(answer));
    }

    /** A member who signed up through the provider (no password); signed in in `browser`. */
    async function providerOnlyMember(subject = newSubject()) {
      const browser = browserFor(context());
      expect((await signInWith(browser, subject)).pathname).toBe('/auth/finish');
      const created = await browser.request('/api/auth/oidc/sign-up', {
        json: {
          fullName: 'Provider Only',
          username: `p_${subject}`.slice(0, 30),
          userType: 'player',
          birthdate: '1990-05-15',
        },
      });
      expect(created.status, created.body).toBe(201);
      return { browser, session: JSON.parse(created.body) as Session, subject };
    }

    async function passwordMember(): Promise<SignedUp & { browser: TestBrowser }> {
      return { ...(await signUp(context())), browser: browserFor(context()) };
    }

    describe('linking', () => {
      it('links a provider to a password account, which can then sign in with it', async () => {
        const member = await passwordMember();
        const subject = newSubject('linker');
        oidc.provider().addAccount({
          sub: subject,
          // Another address than the account's: linking goes by the provider's subject.
          email: `${subject}@elsewhere.test`,
          email_verified: true,
        });
        const landed = await link(member.browser, member.session, subject);
        expect(landed.toString()).toBe(`${APP_ORIGIN}/settings?linked=acme`);

        const mine = await list(member.session);
        expect(mine).toEqual({
          hasPassword: true,
          identities: [
            {
              id: expect.any(String) as string,
              provider: 'acme',
              providerLabel: 'Acme ID',
              email: `${subject}@elsewhere.test`,
              createdAt: expect.any(String) as string,
            },
          ],
        });

        const browser = browserFor(context());
        const signedIn = await signInWith(browser, subject);
        expect(signedIn.pathname).toBe('/auth/callback');
        expect((await sessionFromCookie(browser)).user.id).toBe(member.session.user.id);
      });

      it('needs a signed-in member to start', async () => {
        const response = await context().app.inject({
          method: 'POST',
          url: '/api/auth/oidc/acme/link',
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { message: MESSAGES.auth.signInRequired } });
      });

      it('refuses a provider account that is linked to someone else', async () => {
        const first = await providerOnlyMember();
        const second = await passwordMember();
        const landed = await link(second.browser, second.session, first.subject);
        expect(landed.toString()).toBe(
          `${APP_ORIGIN}/settings?oidcError=linkedElsewhere&provider=acme`,
        );
        expect((await list(second.session)).identities).toEqual([]);
        expect((await list(first.session)).identities).toHaveLength(1);
      });

      it('refuses a second account of a provider already linked', async () => {
        const member = await passwordMember();
        await link(member.browser, member.session, newSubject());
        const landed = await link(member.browser, member.session, newSubject());
        expect(landed.toString()).toBe(
          `${APP_ORIGIN}/settings?oidcError=providerAlreadyLinked&provider=acme`,
        );
        expect((await list(member.session)).identities).toHaveLength(1);
      });

      it('accepts linking the same provider account again (nothing changes)', async () => {
        const member = await passwordMember();
        const subject = newSubject();
        await link(member.browser, member.session, subject);
        const again = await link(member.browser, member.session, subject);
        expect(again.toString()).toBe(`${APP_ORIGIN}/settings?linked=acme`);
        expect((await list(member.session)).identities).toHaveLength(1);
      });

      it('returns to Settings with a message when the person cancels at the provider', async () => {
        const member = await passwordMember();
        const started = await member.browser.request(
          '/api/auth/oidc/acme/link',
          { method: 'POST' },
          bearerOf(member.session),
        );
        const { authorizationUrl } = JSON.parse(started.body) as { authorizationUrl: string };
        const loginPage = await member.browser.follow(
          await member.browser.request(authorizationUrl),
        );
        const abort = /href="([^"]*\/abort)"/.exec(loginPage.body)?.[1] ?? '';
        const answer = await providerAnswer(
          member.browser,
          await member.browser.request(new URL(abort, loginPage.url)),
        );
        const landed = landing(await member.browser.request(answer));
        expect(landed.toString()).toBe(`${APP_ORIGIN}/settings?oidcError=cancelled&provider=acme`);
      });

      it('answers 503 when the provider cannot be reached, 404 for an unknown one', async () => {
        const member = await passwordMember();
        const down = await context().app.inject({
          method: 'POST',
          url: '/api/auth/oidc/down/link',
          headers: member.bearer,
        });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'Down sign-in is unavailable right now. Please try again later.',
          },
        });
        const unknown = await context().app.inject({
          method: 'POST',
          url: '/api/auth/oidc/nope/link',
          headers: member.bearer,
        });
        expect(unknown.statusCode).toBe(404);
      });
    });

    describe('unlinking', () => {
      it('refuses to unlink the only way to sign in', async () => {
        const member = await providerOnlyMember();
        const [only] = (await list(member.session)).identities;
        const response = await unlink(member.session, only?.id ?? '');
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          error: { code: 'conflict', message: MESSAGES.identities.lastMethod },
        });
        expect((await list(member.session)).identities).toHaveLength(1);
      });

      it('unlinks one of two providers, then refuses the last', async () => {
        const member = await providerOnlyMember();
        const globex = newSubject('globex');
        expect((await link(member.browser, member.session, globex, 'globex')).toString()).toBe(
          `${APP_ORIGIN}/settings?linked=globex`,
        );
        const linked = (await list(member.session)).identities;
        expect(linked.map((identity) => identity.provider)).toEqual(['acme', 'globex']);

        const acme = linked.find((identity) => identity.provider === 'acme');
        expect((await unlink(member.session, acme?.id ?? '')).statusCode).toBe(204);
        // The unlinked provider account no longer signs in to this member (nor is it linked
        // back by its email).
        expect((await signInWith(browserFor(context()), member.subject)).toString()).toBe(
          `${APP_ORIGIN}/auth?oidcError=emailInUse&provider=acme`,
        );

        const remaining = (await list(member.session)).identities;
        expect(remaining.map((identity) => identity.provider)).toEqual(['globex']);
        const last = await unlink(member.session, remaining[0]?.id ?? '');
        expect(last.statusCode).toBe(409);
        expect((await list(member.session)).identities).toHaveLength(1);
      });

      it('unlinks freely when the account has a password', async () => {
        const member = await passwordMember();
        await link(member.browser, member.session, newSubject());
        const [identity] = (await list(member.session)).identities;
        expect((await unlink(member.session, identity?.id ?? '')).statusCode).toBe(204);
        expect(await list(member.session)).toEqual({ hasPassword: true, identities: [] });
      });

      it('does not count a provider that is no longer configured as a way to sign in', async () => {
        const member = await providerOnlyMember();
        // An identity of a provider since removed from the configuration.
        await context().database.db.insert(identities).values({
          userId: member.session.user.id,
          provider: 'retired',
          subject: newSubject(),
          email: null,
        });
        const acme = (await list(member.session)).identities.find((i) => i.provider === 'acme');
        const response = await unlink(member.session, acme?.id ?? '');
        expect(response.statusCode).toBe(409);
        const retired = (await list(member.session)).identities.find(
          (i) => i.provider === 'retired',
        );
        expect(retired?.providerLabel).toBe('retired');
        // The retired one itself may go: the configured one remains.
        expect((await unlink(member.session, retired?.id ?? '')).statusCode).toBe(204);
      });

      it('refuses to unlink another member’s identity, as if it did not exist', async () => {
        const owner = await providerOnlyMember();
        const other = await passwordMember();
        const [identity] = (await list(owner.session)).identities;
        const response = await unlink(other.session, identity?.id ?? '');
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { message: MESSAGES.identities.notFound } });
        const rows = await context()
          .database.db.select()
          .from(identities)
          .where(eq(identities.id, identity?.id ?? ''));
        expect(rows).toHaveLength(1);
      });

      it('needs a signed-in member', async () => {
        const list = await context().app.inject({ method: 'GET', url: '/api/me/identities' });
        expect(list.statusCode).toBe(401);
        const remove = await context().app.inject({
          method: 'DELETE',
          url: `/api/me/identities/${crypto.randomUUID()}`,
        });
        expect(remove.statusCode).toBe(401);
      });
    });
  },
  oidc.config,
);
