import { randomUUID } from 'node:crypto';
import net from 'node:net';

import { Redis } from 'ioredis';

/**
 * The Redis the suites that need one use: `.ci/run` starts one on 127.0.0.1:6379 and sets it.
 * Without it those suites are skipped, and their titles say why.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/** Appended to the title of a suite that needs Redis. */
export const redisSkipReason = testRedisUrl ? '' : ' (skipped: TEST_REDIS_URL is not set)';

/** A key prefix of one test's own, so that runs sharing a Redis never see each other's keys. */
export function testKeyPrefix(): string {
  return `arena:test:${randomUUID().slice(0, 8)}:`;
}

/** Deletes every key under `prefix` (what a test's rate limits left behind). */
export async function dropKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/**
 * A TCP relay in front of Redis that a test can cut (every connection through it drops, and new
 * ones are refused) and restore on the same port: Redis going away and coming back, without
 * touching the Redis other suites use.
 */
export interface RedisRelay {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function relayTo(url: string): Promise<RedisRelay> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  };
  let server = net.createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: stop,
    async restore() {
      server = net.createServer(relay);
      await listen(port);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
