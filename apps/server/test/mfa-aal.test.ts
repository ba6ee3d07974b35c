import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';

import { buildApp } from '../src/app.ts';
import { signUp } from './fixtures.ts';
import { databaseKinds, describeEachDatabase, freshDatabase, testConfig } from './harness.ts';
import { type Held, bearer, enrolTotp, signInWithPassword } from './mfa-fixtures.ts';
import { connect, frameOf } from './realtime-client.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Routes an aal1 token of a member with a verified factor may use: the second step itself.
 * Sign-out and refresh read the cookie, not the token.
 */
const SECOND_STEP = new Set([
  'POST /api/auth/factors/{factorId}/challenge',
  'POST /api/auth/factors/{factorId}/verify',
  'POST /api/auth/recovery-codes/verify',
]);

/**
 * Someone who has only the password of a member with two-factor authentication gets an aal1
 * session. Every route must treat that token as no better than none.
 */
describeEachDatabase('two-factor: the password alone gets nowhere', (context) => {
  async function victimAndAttacker() {
    const victim = await signUp(context());
    const other = await signUp(context());
    const { held: owner } = await enrolTotp(context(), victim);
    const attacker = await signInWithPassword(context(), victim.input);
    expect(attacker.session.aal).toBe('aal1');
    return { victim, other, owner, attacker };
  }

  const send = (
    method: Method,
    url: string,
    held: Pick<Held, 'headers'> | null,
    payload?: object,
  ) =>
    context().app.inject({
      method,
      url,
      ...(held ? { headers: held.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  it('refuses the aal1 token on every API route but the second step (swept from the OpenAPI document)', async () => {
    const { victim, attacker } = await victimAndAttacker();
    const doc = (await send('GET', '/api/openapi.json', null)).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const fill = (path: string) =>
      path
        .replaceAll('{username}', victim.input.username)
        .replaceAll('{decision}', 'approve')
        .replace(/\{[A-Za-z]+\}/g, crypto.randomUUID());

    const refused: string[] = [];
    const sameAsAnonymous: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const lower of Object.keys(operations)) {
        const method = lower.toUpperCase() as Method;
        const route = `${method} ${path}`;
        if (SECOND_STEP.has(route)) continue;
        const url = fill(path);
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const withToken = await send(method, url, attacker, body);
        const anonymous = await send(method, url, null, body);
        if (withToken.statusCode === 401) refused.push(route);
        else if (withToken.statusCode === anonymous.statusCode) sameAsAnonymous.push(route);
        else
          throw new Error(
            `${route}: the aal1 token got ${withToken.statusCode} where no token gets ${anonymous.statusCode}: ${withToken.body}`,
          );
      }
    }
    // Every route that reads the token refuses it; the rest (public, or refused for their body
    // before the token is read) answer exactly as they answer a visitor.
    expect(refused.length).toBeGreaterThan(40);
    expect(refused).toEqual(
      expect.arrayContaining([
        'GET /api/auth/session',
        'GET /api/auth/factors',
        'DELETE /api/auth/factors/{factorId}',
        'POST /api/auth/recovery-codes',
        'GET /api/feed',
        'GET /api/profiles/{username}',
        'GET /api/conversations',
        'GET /api/me/visibility',
        'GET /api/me/applications-received',
      ]),
    );
    expect(sameAsAnonymous).toEqual(expect.arrayContaining(['GET /api/meta']));
  });

  it('refuses it where valid requests would change things, which the aal2 session may do', async () => {
    const { victim, other, owner, attacker } = await victimAndAttacker();
    const requests: [Method, string, object?][] = [
      ['POST', '/api/posts', { content: 'Signed with two factors', sport: 'football' }],
      ['PATCH', '/api/me/profile', { fullName: 'Renamed', username: victim.input.username }],
      ['PUT', `/api/profiles/${other.input.username}/follow`],
      ['POST', '/api/conversations', { username: other.input.username }],
      ['POST', '/api/auth/factors', { factorType: 'totp', friendlyName: 'Attacker app' }],
      ['POST', '/api/auth/recovery-codes'],
      ['GET', '/api/me/unread-messages'],
    ];
    for (const [method, url, payload] of requests) {
      const refused = await send(method, url, attacker, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url, payload] of requests) {
      const allowed = await send(method, url, owner, payload);
      expect(allowed.statusCode, `${method} ${url}: ${allowed.body}`).toBeLessThan(300);
    }
  });

  it('refuses it on the realtime socket', async () => {
    const { attacker, owner } = await victimAndAttacker();
    const refused = await connect(context().app);
    refused.send({ type: 'auth', token: attacker.session.accessToken });
    expect((await refused.closed).code).toBe(4401);

    const allowed = await connect(context().app);
    allowed.send({ type: 'auth', token: owner.session.accessToken });
    await allowed.next(frameOf('ready'));
    allowed.socket.terminate();
  });

  it('also refuses an aal1 session that was open before the factor was added', async () => {
    const victim = await signUp(context());
    const before = { headers: victim.bearer };
    expect((await send('GET', '/api/auth/session', before)).statusCode).toBe(200);
    await enrolTotp(context(), victim);
    expect((await send('GET', '/api/auth/session', before)).statusCode).toBe(401);
    expect((await send('GET', '/api/feed', before)).statusCode).toBe(401);
  });

  it('refuses it on an instance started after the factor was added, which heard nothing', async () => {
    const victim = await signUp(context());
    const before = { headers: victim.bearer };
    expect((await send('GET', '/api/feed', before)).statusCode).toBe(200);
    await enrolTotp(context(), victim);
    // The token still says "no second factor"; the new instance knows better from the database.
    const late = await buildApp(testConfig({ dataDir: context().dataDir }), {
      database: context().database,
      logger: false,
    });
    try {
      const refused = await late.inject({
        method: 'GET',
        url: '/api/feed',
        headers: before.headers,
      });
      expect(refused.statusCode).toBe(401);
      const other = await signUp(context());
      const kept = await late.inject({ method: 'GET', url: '/api/feed', headers: other.bearer });
      expect(kept.statusCode).toBe(200);
    } finally {
      await late.close();
    }
  });

  it('accepts the aal1 sessions of a member who removed their last factor, once refreshed', async () => {
    const victim = await signUp(context());
    const { factorId, held: owner } = await enrolTotp(context(), victim);
    const attacker = await signInWithPassword(context(), victim.input);
    expect((await send('GET', '/api/feed', attacker)).statusCode).toBe(401);
    const removed = await send('DELETE', `/api/auth/factors/${factorId}`, owner);
    expect(removed.statusCode, removed.body).toBe(204);
    const refreshed = await context().app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { arena_refresh: attacker.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const fresh = { headers: bearer(refreshed.json<Session>()) };
    expect((await send('GET', '/api/feed', fresh)).statusCode).toBe(200);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('two-factor across two instances', () => {
  it('an aal1 token is refused by instance B as soon as a factor is added through instance A', async () => {
    const fresh = await freshDatabase('postgres');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-aal-'));
    const config = testConfig({ databaseUrl: fresh.url, dataDir });
    const instanceA = await buildApp(config, { logger: false });
    const instanceB = await buildApp(config, { logger: false });
    try {
      const contextA = {
        app: instanceA,
        database: fresh.database,
        kind: 'postgres' as const,
        dataDir,
      };
      const victim = await signUp(contextA);
      const feedOnB = () =>
        instanceB.inject({ method: 'GET', url: '/api/feed', headers: victim.bearer });
      // Instance B has verified the token and remembers it.
      expect((await feedOnB()).statusCode).toBe(200);
      expect((await feedOnB()).statusCode).toBe(200);

      await enrolTotp(contextA, victim);
      // Through PostgreSQL's NOTIFY, in the time a message takes (the token lives 15 minutes).
      await expect.poll(async () => (await feedOnB()).statusCode, { timeout: 2000 }).toBe(401);
    } finally {
      await instanceA.close();
      await instanceB.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
