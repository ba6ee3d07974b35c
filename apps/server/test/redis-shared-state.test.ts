import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';

import { buildApp } from '../src/app.ts';
import { ACCOUNT_LIMITS, RATE_LIMITS } from '../src/http/rate-limits.ts';
import { openConversation, signUp, type SignedUp } from './fixtures.ts';
import { databaseKinds, freshDatabase, testConfig, type TestContext } from './harness.ts';
import { connect, frameOf } from './realtime-client.ts';
import {
  dropKeys,
  redisSkipReason,
  relayTo,
  testKeyPrefix,
  testRedisUrl,
  type RedisRelay,
} from './test-redis.ts';

/**
 * Two instances on one database and one Redis (REDIS_URL, REALTIME_BUS=redis), as a fleet behind
 * a balancer runs: what one instance learns, the other acts on at once.
 */

interface Fleet {
  a: TestContext;
  b: TestContext;
  close(): Promise<void>;
}

/** Instances A and B on a fresh database; A reaches Redis through `redisUrlOfA` when given. */
async function startFleet(
  kind: TestContext['kind'],
  redisUrlOfA?: string,
): Promise<{ fleet: Fleet; keyPrefix: string }> {
  const url = testRedisUrl ?? '';
  const fresh = await freshDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-fleet-'));
  const keyPrefix = testKeyPrefix();
  const configOf = (redisUrl: string) =>
    testConfig({
      dataDir,
      rateLimits: 'strict',
      redis: { url: redisUrl, keyPrefix },
      realtimeBus: 'redis',
    });
  const a = await buildApp(configOf(redisUrlOfA ?? url), {
    database: fresh.database,
    logger: false,
  });
  const b = await buildApp(configOf(url), { database: fresh.database, logger: false });
  const contextOf = (app: FastifyInstance) => ({ app, database: fresh.database, kind, dataDir });
  return {
    keyPrefix,
    fleet: {
      a: contextOf(a),
      b: contextOf(b),
      async close() {
        await a.close();
        await b.close();
        await fresh.drop();
        await dropKeys(url, keyPrefix);
        rmSync(dataDir, { recursive: true, force: true });
      },
    },
  };
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

function sessionIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string }).sid;
}

/** A socket on `context`'s instance, signed in as `user` and listening to the conversation. */
async function listening(context: TestContext, user: SignedUp, conversationId: string) {
  const socket = await connect(context.app);
  socket.send({ type: 'auth', token: user.session.accessToken });
  await socket.next(frameOf('ready'));
  socket.send({ type: 'subscribe', topic: `conversation:${conversationId}` });
  await socket.next(frameOf('subscribed'));
  return socket;
}

const send = (context: TestContext, from: SignedUp, conversationId: string, content: string) =>
  context.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: from.bearer,
    payload: { content },
  });

const resetRequest = (context: TestContext, remoteAddress: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    remoteAddress,
    payload: { email: `someone.${crypto.randomUUID()}@arena.test` },
  });

describe.skipIf(!testRedisUrl).each(databaseKinds)(
  `two instances sharing Redis [%s]${redisSkipReason}`,
  (kind) => {
    let fleet: Fleet;
    beforeAll(async () => {
      ({ fleet } = await startFleet(kind));
    });
    afterAll(() => fleet.close());

    it('a session ended through A is refused at once by B, whose socket of it closes', async () => {
      const user = await signUp(fleet.a);
      const signedIn = await fleet.b.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.input.email, password: user.input.password },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const other = signedIn.json<Session>().accessToken;
      // B has verified the token and remembers it (verified-token-cache.ts).
      const whoAmI = () =>
        fleet.b.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(other) });
      expect((await whoAmI()).statusCode).toBe(200);
      const socket = await connect(fleet.b.app);
      socket.send({ type: 'auth', token: other });
      await socket.next(frameOf('ready'));

      const ended = await fleet.a.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${sessionIdOf(other)}`,
        headers: user.bearer,
      });
      expect(ended.statusCode).toBe(204);
      expect((await socket.closed).code).toBe(4401);
      expect((await whoAmI()).statusCode).toBe(401);
    });

    it('a message sent through A reaches a socket on B', async () => {
      const sender = await signUp(fleet.a);
      const receiver = await signUp(fleet.b);
      const id = await openConversation(fleet.a, sender, receiver);
      const socket = await listening(fleet.b, receiver, id);
      expect((await send(fleet.a, sender, id, 'across instances')).statusCode).toBe(201);
      const delivered = await socket.next(frameOf('message.created'));
      expect(delivered.message.content).toBe('across instances');
      socket.socket.close();
    });

    it('a per-address limit reached through A holds on B, for that address only', async () => {
      const { max } = RATE_LIMITS.passwordResetRequest;
      for (let attempt = 0; attempt < max; attempt += 1) {
        expect((await resetRequest(fleet.a, '198.51.100.7')).statusCode).toBe(202);
      }
      const refused = await resetRequest(fleet.b, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: { message: string } }>().error.message).toContain(
        MESSAGES.rateLimited,
      );
      expect((await resetRequest(fleet.b, '198.51.100.8')).statusCode).toBe(202);
    });

    it('a per-account limit reached through A holds on B', async () => {
      const user = await signUp(fleet.a);
      const change = (context: TestContext, currentPassword: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/auth/password/change',
          headers: user.bearer,
          payload: {
            currentPassword,
            newPassword: 'brand-new-pass-1',
            confirmPassword: 'brand-new-pass-1',
          },
        });
      const { max } = ACCOUNT_LIMITS.wrongCurrentPasswordsPerAccount;
      for (let attempt = 0; attempt < max; attempt += 1) {
        expect((await change(fleet.a, `wrong-${attempt}-x`)).statusCode).toBe(400);
      }
      const refused = await change(fleet.b, user.input.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        MESSAGES.account.tooManyWrongPasswords,
      );
    });
  },
);

describe.skipIf(!testRedisUrl)(`an instance whose Redis goes away${redisSkipReason}`, () => {
  let fleet: Fleet;
  let relay: RedisRelay;
  beforeAll(async () => {
    relay = await relayTo(testRedisUrl ?? '');
    ({ fleet } = await startFleet(databaseKinds[0] ?? 'pglite', relay.url));
  });
  afterAll(async () => {
    await fleet.close();
    await relay.close();
  });

  it('keeps answering while Redis is away, and its events reach the other instance once it is back', async () => {
    const sender = await signUp(fleet.a);
    const receiver = await signUp(fleet.b);
    const id = await openConversation(fleet.a, sender, receiver);
    const onB = await listening(fleet.b, receiver, id);
    const onA = await listening(fleet.a, sender, id);

    await relay.cut();
    // Rate limits go uncounted rather than fail; the message is stored and this instance's own
    // sockets hear of it; only the other instance cannot.
    const started = Date.now();
    expect((await resetRequest(fleet.a, '198.51.100.9')).statusCode).toBe(202);
    expect((await send(fleet.a, sender, id, 'while Redis is away')).statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await onA.next(frameOf('message.created'))).message.content).toBe(
      'while Redis is away',
    );

    await relay.restore();
    let attempt = 0;
    await vi.waitFor(
      async () => {
        attempt += 1;
        expect((await send(fleet.a, sender, id, `back ${attempt}`)).statusCode).toBe(201);
        const heard = onB.frames.flatMap((frame) =>
          frame.type === 'message.created' ? [frame.message.content] : [],
        );
        expect(heard.some((content) => content?.startsWith('back ') === true)).toBe(true);
      },
      { timeout: 8_000, interval: 200 },
    );
    onA.socket.close();
    onB.socket.close();
  });
});
