import { and, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';

import type { FactorList } from '@arena/shared/mfa.schema';
import type { MyIdentities } from '@arena/shared/identity.schema';

import { accountTokens } from '../src/modules/auth/account.tables.ts';
import { signUp } from './fixtures.ts';
import {
  get,
  ignoresCaller,
  json,
  type MatrixCase,
  members,
  must,
  publicRoute,
} from './authorization-support.ts';

/**
 * The authorization matrix (authorization-cases.ts): two-factor, third-party sign-in, account
 * links and passwords.
 */
export const SIGN_IN_CASES: Record<string, MatrixCase[]> = {
  // ---- two-factor ----------------------------------------------------------------------------
  'GET /api/auth/factors': [
    {
      name: 'one’s own second factors',
      request: () => get('/api/auth/factors'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as FactorList).factors.map((factor) => factor.id);
        expect(ids.includes(world.factorId)).toBe(actor === 'player');
      },
    },
  ],
  'POST /api/auth/factors': [
    {
      name: 'enrolling an authenticator app on one’s own account',
      request: (world) =>
        json('POST', '/api/auth/factors', {
          factorType: 'totp',
          friendlyName: world.unique('app'),
        }),
      expect: members(201),
    },
  ],
  'DELETE /api/auth/factors/:factorId': [
    {
      name: "a second factor of the player's",
      prepare: async (world) => {
        const enrolled = await must(
          world,
          'player',
          json('POST', '/api/auth/factors', {
            factorType: 'totp',
            friendlyName: world.unique('to-remove'),
          }),
        );
        return { id: enrolled.json<{ factor: { id: string } }>().factor.id };
      },
      request: (_world, _actor, { id }) => json('DELETE', `/api/auth/factors/${id}`),
      expect: members(404, { player: 204 }),
    },
  ],
  'POST /api/auth/factors/:factorId/challenge': [
    {
      name: "the player's second factor",
      request: (world) => json('POST', `/api/auth/factors/${world.factorId}/challenge`),
      expect: members(404, { player: 201 }),
      check: (body, _actor, world) => {
        expect((body as { factorId: string }).factorId).toBe(world.factorId);
      },
    },
  ],
  'POST /api/auth/factors/:factorId/verify': [
    {
      name: "the player's second factor, with a challenge that does not exist",
      request: (world) =>
        json('POST', `/api/auth/factors/${world.factorId}/verify`, {
          challengeId: '00000000-0000-4000-8000-000000000000',
          code: '123456',
        }),
      expect: members(404, { player: 400 }),
    },
    {
      name: "the player's second factor, with the player's challenge",
      prepare: async (world) => {
        const challenge = await must(
          world,
          'player',
          json('POST', `/api/auth/factors/${world.factorId}/challenge`),
        );
        return { challengeId: challenge.json<{ id: string }>().id };
      },
      request: (world, _actor, { challengeId }) =>
        json('POST', `/api/auth/factors/${world.factorId}/verify`, {
          challengeId,
          code: '000000',
        }),
      // Another member's token never reaches the player's factor; the player's wrong code is counted.
      expect: members(404, { player: 400 }),
      refusalsWrite: { tables: ['table mfa_failures'], why: "the player's wrong code is counted" },
    },
  ],
  'POST /api/auth/recovery-codes': [
    {
      name: 'new recovery codes without a verified factor',
      request: () => json('POST', '/api/auth/recovery-codes'),
      expect: members(400),
    },
  ],
  'POST /api/auth/recovery-codes/verify': [
    {
      name: 'a recovery code without a verified factor',
      request: () => json('POST', '/api/auth/recovery-codes/verify', { code: 'abcde-fghij' }),
      expect: members(400),
      refusalsWrite: { tables: ['table mfa_failures'], why: 'each wrong code is counted' },
    },
  ],
  'POST /api/auth/passkeys/options': [
    {
      name: 'a passkey sign-in challenge',
      request: () => json('POST', '/api/auth/passkeys/options'),
      expect: ignoresCaller(201),
    },
  ],
  'POST /api/auth/passkeys/sign-in': [
    {
      name: 'a passkey answer to a challenge that does not exist',
      request: () =>
        json('POST', '/api/auth/passkeys/sign-in', {
          challengeId: '00000000-0000-4000-8000-000000000000',
          credential: {
            id: 'AAAA',
            rawId: 'AAAA',
            type: 'public-key',
            response: { clientDataJSON: 'AAAA' },
          },
        }),
      expect: ignoresCaller(400),
    },
  ],

  // ---- third-party sign-in (no provider is configured here) ----------------------------------
  'GET /api/auth/oidc/providers': publicRoute('the sign-in providers', '/api/auth/oidc/providers'),
  'GET /api/auth/oidc/:provider/start': publicRoute(
    'signing in with an unknown provider',
    '/api/auth/oidc/nowhere/start',
    404,
  ),
  // The browser is mid-navigation: an answer that cannot be used lands on the sign-in page.
  'GET /api/auth/oidc/:provider/callback': publicRoute(
    "an unknown provider's answer",
    '/api/auth/oidc/nowhere/callback?code=x&state=y',
    302,
  ),
  'POST /api/auth/oidc/:provider/link': [
    {
      name: 'linking an unknown provider',
      request: () => json('POST', '/api/auth/oidc/nowhere/link'),
      expect: members(404),
    },
  ],
  'GET /api/auth/oidc/sign-up': publicRoute(
    'a pending sign-up without its cookie',
    '/api/auth/oidc/sign-up',
    400,
  ),
  'POST /api/auth/oidc/sign-up': [
    {
      name: 'finishing a sign-up without its cookie',
      request: (world) =>
        json('POST', '/api/auth/oidc/sign-up', {
          fullName: 'New Person',
          username: world.unique('oidc').replaceAll('-', '_').slice(0, 20),
          userType: 'player',
          birthdate: '1990-05-15',
        }),
      expect: ignoresCaller(400),
    },
  ],
  'GET /api/me/identities': [
    {
      name: 'one’s own linked accounts',
      request: () => get('/api/me/identities'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as MyIdentities).identities.map((identity) => identity.id);
        expect(ids.includes(world.identityId)).toBe(actor === 'player');
      },
    },
  ],
  'DELETE /api/me/identities/:id': [
    {
      name: "a linked account of the player's",
      prepare: async (world) => ({
        id: await world.linkIdentity('player', world.unique('idp')),
      }),
      request: (_world, _actor, { id }) => json('DELETE', `/api/me/identities/${id}`),
      expect: members(404, { player: 204 }),
    },
  ],

  // ---- account links and passwords -----------------------------------------------------------
  'POST /api/auth/email-confirmation/confirm': [
    {
      name: 'a confirmation link that was never sent',
      request: () =>
        json('POST', '/api/auth/email-confirmation/confirm', { token: 'not-a-real-token' }),
      expect: ignoresCaller(400),
    },
  ],
  // Requests by email are limited per address: each caller asks for their own (the visitor for
  // some account's), and the answer says nothing of whether anything was sent.
  'POST /api/auth/email-confirmation/resend': [
    {
      name: 'a new confirmation link for an account',
      prepare: async (world) => ({ email: (await signUp(world.context)).input.email }),
      request: (world, actor, { email }) =>
        json('POST', '/api/auth/email-confirmation/resend', {
          email: actor === 'visitor' ? email : world.users[actor].input.email,
        }),
      expect: ignoresCaller(202),
    },
  ],
  'POST /api/auth/password-reset/request': [
    {
      name: 'a reset link for an account',
      prepare: async (world) => {
        const user = await signUp(world.context);
        return { email: user.input.email, userId: user.session.user.id };
      },
      request: (world, actor, { email }) =>
        json('POST', '/api/auth/password-reset/request', {
          email: actor === 'visitor' ? email : world.users[actor].input.email,
        }),
      expect: ignoresCaller(202),
      // The link is made after the answer: wait for it, so it lands in this case, not the next.
      check: async (_body, actor, world, { userId }) => {
        const owner = actor === 'visitor' ? userId! : world.users[actor].session.user.id;
        await vi.waitFor(async () => {
          const links = await world.context.database.db
            .select({ id: accountTokens.id })
            .from(accountTokens)
            .where(
              and(eq(accountTokens.userId, owner), eq(accountTokens.purpose, 'password_reset')),
            );
          expect(links.length).toBeGreaterThan(0);
        });
      },
    },
  ],
  'POST /api/auth/password-reset/complete': [
    {
      name: 'a reset link that was never sent',
      request: () =>
        json('POST', '/api/auth/password-reset/complete', {
          token: 'not-a-real-token',
          password: 'brand-new-secret-1',
          confirmPassword: 'brand-new-secret-1',
        }),
      expect: ignoresCaller(400),
    },
  ],
};
