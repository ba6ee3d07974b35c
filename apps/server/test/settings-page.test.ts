import { expect, it } from 'vitest';

import type { SettingsPage } from '@arena/shared/settings-page.schema';

import { parseOidcProviders } from '../src/modules/identities/oidc-config.ts';
import { identities } from '../src/modules/identities/identities.tables.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { enrolTotp, signInWithPassword } from './mfa-fixtures.ts';

// Listing providers reads the configuration only: nothing is asked of the issuers here.
const { providers, issues } = parseOidcProviders({
  PUBLIC_URL: 'http://localhost:3000',
  OIDC_PROVIDERS: 'acme,globex',
  OIDC_ACME_ISSUER: 'http://127.0.0.1:9',
  OIDC_ACME_CLIENT_ID: 'arena',
  OIDC_ACME_CLIENT_SECRET: 'secret',
  OIDC_ACME_LABEL: 'Acme ID',
  OIDC_GLOBEX_ISSUER: 'http://127.0.0.1:9',
  OIDC_GLOBEX_CLIENT_ID: 'arena',
  OIDC_GLOBEX_CLIENT_SECRET: 'secret',
});

describeEachDatabase(
  'the Settings page in one request',
  (context) => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      context().app.inject({ method: 'GET', url, headers });

    it('answers with what the four lists answer alone, for the caller only', async () => {
      expect(issues).toEqual([]);
      const member = await signUp(context());
      const other = await signUp(context());
      // A second device, a second factor and a linked provider, so every list has something.
      await signInWithPassword(context(), member.input);
      const { factorId, held } = await enrolTotp(context(), member, 'Work phone');
      const [linked] = await context()
        .database.db.insert(identities)
        .values({
          userId: member.session.user.id,
          provider: 'acme',
          subject: `subject-${member.input.username}`,
          email: member.input.email,
        })
        .returning();

      const response = await get('/api/me/settings', held.headers);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<SettingsPage>();

      const alone = async (url: string) => {
        const answer = await get(url, held.headers);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
        return answer.json<unknown>();
      };
      expect({ sessions: page.sessions }).toEqual(await alone('/api/auth/sessions'));
      expect(page.factors).toEqual(await alone('/api/auth/factors'));
      expect(page.identities).toEqual(await alone('/api/me/identities'));
      expect({ providers: page.providers }).toEqual(await alone('/api/auth/oidc/providers'));
      expect(page.publicProfile).toEqual(await alone('/api/me/public-profile'));

      // What it holds: two sessions (the sign-up's, which the factor raised, and the second
      // sign-in), this one marked; the factor with ten recovery codes; the linked provider; both
      // configured providers.
      expect(page.sessions).toHaveLength(2);
      expect(page.sessions.filter((session) => session.current)).toHaveLength(1);
      expect(page.factors.factors.map((factor) => factor.id)).toEqual([factorId]);
      expect(page.factors.recoveryCodesRemaining).toBe(10);
      expect(page.identities).toEqual({
        identities: [expect.objectContaining({ id: linked?.id, providerLabel: 'Acme ID' })],
        hasPassword: true,
      });
      expect(page.providers).toEqual([
        { name: 'acme', label: 'Acme ID' },
        { name: 'globex', label: 'Globex' },
      ]);

      // Someone else sees their own account only.
      const theirs = await get('/api/me/settings', other.bearer);
      expect(theirs.statusCode, theirs.body).toBe(200);
      const their = theirs.json<SettingsPage>();
      expect(their.sessions).toHaveLength(1);
      expect(their.sessions[0]?.current).toBe(true);
      expect(their.factors).toEqual({ factors: [], recoveryCodesRemaining: 0 });
      expect(their.identities).toEqual({ identities: [], hasPassword: true });
    });

    it('refuses visitors, and the password alone of a member with a second factor', async () => {
      expect((await get('/api/me/settings')).statusCode).toBe(401);
      const member = await signUp(context());
      await enrolTotp(context(), member);
      const partial = await signInWithPassword(context(), member.input);
      expect(partial.session.aal).toBe('aal1');
      const refused = await get('/api/me/settings', partial.headers);
      // As each list's own route refuses it.
      expect(refused.statusCode).toBe(
        (await get('/api/auth/sessions', partial.headers)).statusCode,
      );
      expect(refused.statusCode).toBeGreaterThanOrEqual(401);
      expect(refused.json<{ error: { code: string } }>().error.code).toBeTruthy();
      expect(refused.body).not.toContain('sessions');
    });
  },
  { oidcProviders: providers, publicUrl: 'http://localhost:3000' },
);
