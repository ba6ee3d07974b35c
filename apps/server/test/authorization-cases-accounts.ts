import { expect } from 'vitest';

import type { HomeSidebar } from '@arena/shared/screens.schema';
import type { SettingsPage } from '@arena/shared/settings-page.schema';

import { createServerKeysRepository } from '../src/modules/notifications/server-keys.repository.ts';
import {
  loadUnsubscribeSecret,
  signUnsubscribe,
} from '../src/modules/notifications/unsubscribe-token.ts';
import { newUser, signUp } from './fixtures.ts';
import { type ApiRequest, type Member, type World } from './security-world.ts';
import {
  everyone,
  get,
  ignoresCaller,
  json,
  type MatrixCase,
  members,
  must,
  publicRoute,
} from './authorization-support.ts';

/**
 * The authorization matrix (authorization-cases.ts): public documents, accounts, sessions, the
 * home sidebar and settings.
 */
export const ACCOUNTS_CASES: Record<string, MatrixCase[]> = {
  // ---- public documents ----------------------------------------------------------------------
  'GET /api/docs/': [
    ...publicRoute('the API docs page', '/api/docs/'),
    ...publicRoute('the API docs page without the slash', '/api/docs'),
  ],
  'GET /api/docs/json': publicRoute('the OpenAPI document', '/api/docs/json'),
  'GET /api/docs/yaml': publicRoute('the OpenAPI document', '/api/docs/yaml'),
  'GET /api/docs/static/*': publicRoute('a docs asset', '/api/docs/static/swagger-ui.css'),
  'GET /api/docs/static/index.html': publicRoute(
    'the docs page',
    '/api/docs/static/index.html',
    302,
  ),
  'GET /api/docs/static/swagger-initializer.js': publicRoute(
    'the docs script',
    '/api/docs/static/swagger-initializer.js',
  ),
  'GET /api/openapi.json': publicRoute('the OpenAPI document', '/api/openapi.json'),
  'GET /api/health': publicRoute('health', '/api/health'),
  'GET /api/ready': publicRoute('readiness', '/api/ready'),
  'GET /api/meta': publicRoute('public settings', '/api/meta'),
  'GET /api/auth/jwks.json': publicRoute('public keys', '/api/auth/jwks.json'),
  'GET /.well-known/jwks.json': publicRoute('public keys', '/.well-known/jwks.json'),

  // ---- accounts ------------------------------------------------------------------------------
  'POST /api/auth/sign-up': [
    {
      name: 'a new account',
      request: () => json('POST', '/api/auth/sign-up', newUser()),
      expect: ignoresCaller(201),
    },
  ],
  'POST /api/auth/sign-in': [
    {
      name: 'the right password of some account',
      prepare: async (world) => {
        const user = await signUp(world.context);
        return { email: user.input.email, password: user.input.password };
      },
      request: (_world, _actor, { email, password }) =>
        json('POST', '/api/auth/sign-in', { email, password, remember: false }),
      expect: ignoresCaller(200),
    },
  ],
  'POST /api/auth/refresh': [
    {
      name: 'without a refresh cookie',
      request: () => json('POST', '/api/auth/refresh'),
      expect: everyone(401),
    },
  ],
  'POST /api/auth/sign-out': [
    {
      // A member signs out a session started for the case by its access token alone (the one
      // the matrix uses stays, and must: only the session of the token presented ends).
      name: 'a fresh session of one’s own by its access token, or none at all',
      run: async (world, actor) => {
        const signOut = (headers: Record<string, string>) =>
          world.context.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
        if (actor === 'visitor') return (await signOut({})).statusCode;
        const { email, password } = world.users[actor].input;
        const fresh = await world.as(
          'visitor',
          json('POST', '/api/auth/sign-in', { email, password }),
        );
        const token = fresh.json<{ accessToken: string }>().accessToken;
        const out = await signOut({ authorization: `Bearer ${token}` });
        const stays = await world.as(actor, get('/api/auth/session'));
        return stays.statusCode === 200 ? out.statusCode : stays.statusCode;
      },
      expect: everyone(204),
    },
  ],
  'GET /api/auth/session': [
    {
      name: 'who is signed in',
      request: () => get('/api/auth/session'),
      expect: members(200),
      check: (body, actor, world) => {
        expect((body as { user: { id: string } }).user.id).toBe(
          world.users[actor as Member].session.user.id,
        );
      },
    },
  ],

  // ---- sessions ------------------------------------------------------------------------------
  'GET /api/auth/sessions': [
    {
      name: 'one’s own sessions',
      request: () => get('/api/auth/sessions'),
      expect: members(200),
      check: (body, actor, world) => {
        const ids = (body as { sessions: { id: string }[] }).sessions.map((s) => s.id);
        expect(ids.includes(world.sessionId)).toBe(actor === 'player');
      },
    },
  ],
  'DELETE /api/auth/sessions/:id': [
    {
      name: "another session of the player's",
      prepare: async (world) => ({ id: await world.signInAgain('player') }),
      request: (_world, _actor, { id }) => json('DELETE', `/api/auth/sessions/${id}`),
      expect: members(404, { player: 204 }),
    },
  ],
  'DELETE /api/auth/sessions': [
    {
      name: 'signing out one’s other sessions',
      prepare: async (world) => ({ id: await world.signInAgain('player') }),
      request: () => json('DELETE', '/api/auth/sessions'),
      expect: members(200),
      check: async (body, actor, world) => {
        const { ended } = body as { ended: number };
        // Only the caller's own sessions end: the player's second one, nobody else's.
        expect(ended).toBe(actor === 'player' ? 1 : 0);
        const left = (await must(world, 'player', get('/api/auth/sessions'))).json<{
          sessions: { id: string }[];
        }>();
        expect(left.sessions.map((s) => s.id)).toEqual([world.sessionId]);
      },
    },
  ],
  'POST /api/auth/password/change': [
    {
      // Each member changes their own password; their session stays signed in.
      name: 'one’s own password',
      request: (world, actor): ApiRequest => {
        const user = world.users[actor === 'visitor' ? 'player' : actor];
        return {
          method: 'POST',
          url: '/api/auth/password/change',
          headers: actor === 'visitor' ? {} : { cookie: `arena_refresh=${user.refreshToken}` },
          payload: {
            currentPassword: user.input.password,
            newPassword: `${user.input.password}-2`,
            confirmPassword: `${user.input.password}-2`,
          },
        };
      },
      expect: members(204),
      check: async (_body, actor, world) => {
        const user = world.users[actor as Member];
        user.input.password = `${user.input.password}-2`;
        // The caller is still signed in, with the new password.
        await must(world, actor, get('/api/auth/session'));
        await must(
          world,
          'visitor',
          json('POST', '/api/auth/sign-in', {
            email: user.input.email,
            password: user.input.password,
            remember: false,
          }),
        );
      },
    },
  ],

  // ---- home ----------------------------------------------------------------------------------
  'GET /api/me/home': [
    {
      name: 'one’s own sidebar',
      request: () => get('/api/me/home'),
      expect: members(200),
      check: (body, actor) => {
        const sidebar = body as HomeSidebar;
        expect(sidebar.cv?.athlete.aboutPlayer === 'Quick and brave.').toBe(actor === 'player');
        // Clubs have an organisation profile instead of an athlete CV.
        const isClub = ['unverifiedClub', 'verifiedClub', 'otherVerifiedClub'].includes(actor);
        expect(sidebar.cv === null).toBe(isClub);
        expect(sidebar.organization === null).toBe(!isClub);
      },
    },
  ],

  // ---- settings ------------------------------------------------------------------------------
  'PATCH /api/me/account-type': [
    {
      // The type each member has already: nothing changes, so the shared world stays as it is.
      name: 'one’s own account type, unchanged',
      request: (world, actor) =>
        json('PATCH', '/api/me/account-type', {
          userType: world.users[actor === 'visitor' ? 'player' : actor].input.userType,
        }),
      expect: members(200),
      check: (body, actor, world) => {
        expect(body).toEqual({
          userType: world.users[actor as Member].input.userType,
          verificationWithdrawn: false,
        });
      },
    },
  ],
  // ---- one's data: download it, delete the account --------------------------------------------
  'GET /api/me/data-export': [
    {
      name: 'one’s own data, as a ZIP',
      request: () => get('/api/me/data-export'),
      expect: members(200),
    },
  ],
  'POST /api/me/account-deletion': [
    {
      // Success ends the caller's account (test/account-data.test.ts); here, the refusals.
      name: 'with a wrong password',
      request: () => json('POST', '/api/me/account-deletion', { password: 'not-the-password-1' }),
      expect: members(400),
      refusalsWrite: {
        tables: ['table account_attempts'],
        why: 'a wrong password counts against the account',
      },
    },
  ],
  'GET /api/me/settings': [
    {
      name: 'one’s own sessions, second factors and linked accounts',
      request: () => get('/api/me/settings'),
      expect: members(200),
      check: (body, actor, world) => {
        const page = body as SettingsPage;
        const mine = actor === 'player';
        expect(page.sessions.some((session) => session.id === world.sessionId)).toBe(mine);
        expect(page.factors.factors.some((factor) => factor.id === world.factorId)).toBe(mine);
        expect(page.identities.identities.some((linked) => linked.id === world.identityId)).toBe(
          mine,
        );
      },
    },
  ],

  // ---- one-click unsubscribe (RFC 8058): public, the signed link is the authority -------------
  'POST /api/unsubscribe': [
    {
      name: 'the signed link of a member’s email',
      prepare: async (world) => ({ token: await unsubscribeLink(world, 'own') }),
      request: (_world, _actor, { token }) => json('POST', '/api/unsubscribe', { token }),
      expect: ignoresCaller(200),
      check: (body) => expect(body).toEqual({ kind: 'like', label: 'Likes on your posts' }),
    },
    {
      name: 'a link signed for an address the account does not have',
      prepare: async (world) => ({ token: await unsubscribeLink(world, 'other') }),
      request: (_world, _actor, { token }) => json('POST', '/api/unsubscribe', { token }),
      expect: ignoresCaller(400),
    },
    {
      name: 'a forged link',
      request: () => json('POST', '/api/unsubscribe', { token: 'u1.forged-payload.forged-mac' }),
      expect: ignoresCaller(400),
    },
  ],
};

/** A fresh member's unsubscribe token for likes, to their own address or to another one. */
async function unsubscribeLink(world: World, address: 'own' | 'other'): Promise<string> {
  const member = await signUp(world.context);
  const secret = await loadUnsubscribeSecret(createServerKeysRepository(world.context.database.db));
  return signUnsubscribe(secret, {
    profileId: member.session.profile.id,
    kind: 'like',
    email: address === 'own' ? member.input.email : `other.${member.input.email}`,
  });
}
