import { describe, expect, it } from 'vitest';

import { memoryStorage } from '../../../test/unit/memory-storage.ts';
import { createReadiness, notReadyMessage } from './readiness.ts';

const answers = () => Promise.resolve();
const fails = () => Promise.reject(new Error('connection refused'));
const hangs = () => new Promise<void>(() => undefined);

function readinessOf(parts: {
  database?: () => Promise<void>;
  storage?: () => Promise<void>;
  redis?: (() => Promise<void>) | null;
}) {
  const redis = parts.redis === undefined ? answers : parts.redis;
  return createReadiness({
    repo: { ping: parts.database ?? answers },
    storage: { ...memoryStorage(), checkReachable: parts.storage ?? answers },
    redis: redis ? { ping: redis } : null,
    timeoutMs: 50,
  });
}

describe('readiness', () => {
  it('is ready when every part answers, and reports Redis as off when there is none', async () => {
    expect((await readinessOf({}).check()).checks).toEqual({
      database: 'ok',
      redis: 'ok',
      storage: 'ok',
      process: 'serving',
    });
    const withoutRedis = await readinessOf({ redis: null }).check();
    expect(withoutRedis).toMatchObject({ ready: true, checks: { redis: 'off' } });
  });

  it('names each part that fails or does not answer in time, with the reason', async () => {
    const result = await readinessOf({ database: fails, storage: hangs }).check();
    expect(result.ready).toBe(false);
    expect(result.checks).toEqual({
      database: 'unreachable',
      redis: 'ok',
      storage: 'unreachable',
      process: 'serving',
    });
    expect(result.failures.map(({ part, error }) => [part, (error as Error).message])).toEqual([
      ['database', 'connection refused'],
      ['storage', 'no answer within 50 ms'],
    ]);
    expect(notReadyMessage(result.checks)).toBe(
      'Not ready: database unreachable, storage unreachable',
    );
    const redisDown = await readinessOf({ redis: fails }).check();
    expect(notReadyMessage(redisDown.checks)).toBe('Not ready: redis unreachable');
  });

  it('stays not ready once shutting down, whatever the parts say', async () => {
    const readiness = readinessOf({});
    readiness.markShuttingDown();
    const result = await readiness.check();
    expect(result).toMatchObject({ ready: false, checks: { process: 'shutting down' } });
    expect(notReadyMessage(result.checks)).toBe('Not ready: shutting down');
  });
});
