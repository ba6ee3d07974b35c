import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REALTIME_CLOSE } from '@arena/shared/realtime';

import { freshDatabase } from '../harness.ts';
import {
  createPost,
  getPost,
  openConversation,
  randomAddress,
  sendMessage,
  signUpMember,
  uploadPhoto,
} from '../live/api-client.ts';
import { type ServerProcess, startServer } from '../live/server-process.ts';
import { S3RVER_CREDENTIALS, startS3Server } from '../support/s3-server.ts';
import { dropKeys, testKeyPrefix, testRedisUrl } from '../test-redis.ts';
import {
  type Acknowledged,
  castOf,
  expectAllPresent,
  runWriteLoad,
} from './durability/write-load.ts';
import { type Balancer, findHaproxy, startBalancer } from '../support/balancer.ts';
import { watchSocket } from './fleet/watched-socket.ts';

/**
 * Two instances (A and B) on one PostgreSQL database, one Redis and one S3 server, behind
 * HAProxy: what one instance did, the other knows. Each check talks to A and B directly where it
 * needs a given instance, and through the balancer for the load.
 */
const haproxy = findHaproxy();
const missing = [
  ...(process.env.TEST_DATABASE_URL ? [] : ['TEST_DATABASE_URL is not set']),
  ...(testRedisUrl ? [] : ['TEST_REDIS_URL is not set']),
  ...(haproxy ? [] : ['haproxy is not on PATH']),
];
const skipReason = missing.join(', ');
if (skipReason) process.stdout.write(`fleet test skipped: ${skipReason}\n`);

const BUCKET = 'arena-fleet';
/** The per-IP sign-in limit in force (RATE_LIMITS=strict; src/http/rate-limits.ts). */
const SIGN_IN_LIMIT = 20;

/** Files (not folders) under `dir`, if it exists. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function bytesOf(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.skipIf(skipReason !== '')(
  `a fleet of two instances behind HAProxy${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'arena-fleet-'));
    const redisPrefix = testKeyPrefix();
    const cleanups: (() => Promise<void>)[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let balancer: Balancer;

    beforeAll(async () => {
      const database = await freshDatabase('postgres');
      cleanups.push(database.drop);
      const s3 = await startS3Server({ dir: path.join(dir, 's3'), buckets: [BUCKET] });
      cleanups.push(s3.stop);
      cleanups.push(() => dropKeys(testRedisUrl!, redisPrefix));
      const env = {
        DATABASE_URL: database.url!,
        DATABASE_POOL_SIZE: '5',
        REDIS_URL: testRedisUrl!,
        REDIS_PREFIX: redisPrefix,
        REALTIME_BUS: 'redis',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        // Behind the balancer, as in production: per-IP limits count the forwarded address.
        TRUST_PROXY: 'true',
        RATE_LIMITS: 'strict',
      };
      const start = async (name: string) => {
        mkdirSync(path.join(dir, name));
        const instance = await startServer({ ...env, DATA_DIR: path.join(dir, name) });
        cleanups.push(async () => {
          if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
          instance.child.kill('SIGTERM');
          await instance.exited;
        });
        return instance;
      };
      // One after the other: the first brings the fresh database's schema up to date.
      a = await start('a');
      b = await start('b');
      balancer = await startBalancer(haproxy!, dir, [
        { name: 'a', port: Number(new URL(a.base).port) },
        { name: 'b', port: Number(new URL(b.base).port) },
      ]);
      cleanups.push(() => balancer.stop());
      await balancer.waitFor('a', 'UP');
      await balancer.waitFor('b', 'UP');
    }, 240_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    });

    it('both instances are ready, with Redis and the S3 storage reachable', async () => {
      for (const instance of [a, b]) {
        const response = await fetch(`${instance.base}/api/ready`);
        expect(await response.json()).toEqual({
          status: 'ready',
          checks: { database: 'ok', redis: 'ok', storage: 'ok', process: 'serving' },
        });
      }
    });

    it('a photo posted through A is served through B and the balancer, from S3', async () => {
      const member = await signUpMember(a.base, 'fp');
      const photo = await uploadPhoto(a.base, member);
      const post = await createPost(a.base, member, 'a photo from A', photo.id);
      const seenByB = await getPost(b.base, post.id);
      expect(seenByB.mediaUrl).toBe(post.mediaUrl);
      const fromA = await bytesOf(`${a.base}${post.mediaUrl}`);
      const fromB = await bytesOf(`${b.base}${post.mediaUrl}`);
      const throughBalancer = await bytesOf(`${balancer.base}${post.mediaUrl}`);
      expect([fromA.status, fromB.status, throughBalancer.status]).toEqual([200, 200, 200]);
      expect(fromB.bytes.length).toBeGreaterThan(0);
      expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
      expect(throughBalancer.bytes.equals(fromA.bytes)).toBe(true);
      // Nothing stored on either instance's disk.
      expect([
        ...filesUnder(path.join(dir, 'a', 'storage')),
        ...filesUnder(path.join(dir, 'b', 'storage')),
      ]).toEqual([]);
    });

    it('a message sent through A reaches a socket on B', async () => {
      const writer = await signUpMember(a.base, 'fw');
      const reader = await signUpMember(b.base, 'fr');
      const conversation = await openConversation(a.base, writer, reader);
      const socket = await watchSocket(b.base, reader.accessToken, [
        `conversation:${conversation}`,
      ]);
      try {
        const sent = await sendMessage(a.base, writer, conversation, 'from A to a socket on B');
        const heard = await socket.next(
          (frame) => frame.type === 'message.created' && frame.message.id === sent.id,
        );
        expect(heard).toMatchObject({ message: { content: 'from A to a socket on B' } });
      } finally {
        socket.close();
      }
    });

    it('a per-IP rate limit reached through A holds on B, for that address only', async () => {
      // Each attempt for an address of its own: failed sign-ins are also limited per email
      // (in the database), and this check is of the per-IP limit.
      let attempts = 0;
      const signIn = (base: string, address: string) =>
        fetch(`${base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({
            email: `nobody${(attempts += 1)}@fleet.test`,
            password: 'not-the-password',
            remember: false,
          }),
        }).then((response) => response.status);
      const address = randomAddress();
      const throughA: number[] = [];
      for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt += 1)
        throughA.push(await signIn(a.base, address));
      expect(new Set(throughA)).toEqual(new Set([401]));
      expect(await signIn(b.base, address)).toBe(429);
      expect(await signIn(b.base, randomAddress())).toBe(401);
    });

    it('a session ended through A is refused by B, and its socket on B closed', async () => {
      const member = await signUpMember(a.base, 'fs');
      const session = (base: string) =>
        fetch(`${base}/api/auth/session`, {
          headers: { authorization: `Bearer ${member.accessToken}` },
        }).then((response) => response.status);
      expect(await session(b.base)).toBe(200);
      const socket = await watchSocket(b.base, member.accessToken, [`inbox:${member.profileId}`]);
      const signOut = await fetch(`${a.base}/api/auth/sign-out`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${member.accessToken}`,
          cookie: `arena_refresh=${member.refreshToken}`,
        },
      });
      expect(signOut.status).toBe(204);
      expect(await eventually(async () => (await session(b.base)) === 401, 5_000)).toBe(true);
      expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
      const refresh = await fetch(`${b.base}/api/auth/refresh`, {
        method: 'POST',
        headers: { cookie: `arena_refresh=${member.refreshToken}` },
      });
      expect(refresh.status).toBe(401);
    });

    it('killing A during a write load through the balancer loses no acknowledged write; B serves everything after', async () => {
      const cast = await castOf(balancer.base, 3, 'fl');
      const load = runWriteLoad(balancer.base, cast, 'fleet');
      await load.reached(60);
      a.child.kill('SIGKILL');
      expect((await a.exited).signal).toBe('SIGKILL');
      const atKill = load.result.acknowledged.length;
      // The load goes on through B alone.
      await load.reached(atKill + 40);
      await balancer.waitFor('a', 'DOWN');
      const result = await load.stop();
      // Only the requests A had taken when it died may have failed: the balancer answers those
      // with a 502, or closes the client's connection unanswered (0) as A closed its own, so
      // that a client retries as it would with one server. At most one such per writer, or two
      // should a retry land on A in its last moment: the rest went to B.
      const unexpected = [...result.failures.keys()].filter(
        (status) => status !== 502 && status !== 0,
      );
      expect(unexpected, result.samples.join('\n')).toEqual([]);
      const failed = [...result.failures.values()].reduce((sum, count) => sum + count, 0);
      expect(failed, result.samples.join('\n')).toBeLessThanOrEqual(cast.conversations.length * 2);
      expect(result.acknowledged.length).toBeGreaterThanOrEqual(atKill + 40);

      const acknowledged: Acknowledged[] = result.acknowledged;
      await expectAllPresent(b.base, cast, acknowledged);
      await expectAllPresent(balancer.base, cast, acknowledged);
      expect((await fetch(`${balancer.base}/api/ready`)).status).toBe(200);
    }, 180_000);
  },
);
