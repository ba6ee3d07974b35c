import net from 'node:net';

import { describe, expect, it } from 'vitest';

import { openRedis } from './redis-connection.ts';

/** A port nothing listens on: one the system just gave and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('openRedis', () => {
  it('refuses, soon and saying where, when Redis does not answer', async () => {
    const port = await closedPort();
    const errors: unknown[] = [];
    const started = Date.now();
    await expect(
      openRedis(`redis://127.0.0.1:${port}`, (error) => errors.push(error)),
    ).rejects.toThrow(`Redis at 127.0.0.1:${port} does not answer: connect ECONNREFUSED`);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Its own failure to connect is the error thrown, not also an outage to report.
    expect(errors).toEqual([]);
  });

  it('gives up within the command timeout when the address accepts and never answers', async () => {
    // A listener that accepts and never speaks: the ready check waits for an answer.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    try {
      await expect(openRedis(`redis://127.0.0.1:${port}`, () => undefined)).rejects.toThrow(
        `Redis at 127.0.0.1:${port} does not answer`,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.close();
    }
  });
});
