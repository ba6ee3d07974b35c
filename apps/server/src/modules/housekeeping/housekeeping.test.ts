import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';

import type { HousekeepingRepository } from './housekeeping.repository.ts';
import { STALE_AFTER_MS, startHousekeeping } from './housekeeping.ts';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

function logger() {
  return { debug: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    debug: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
}

it('runs every chore each interval, prunes what lapsed a day ago, and goes on past a failure', async () => {
  const pruneStaleRows = vi.fn().mockResolvedValue({ refresh_tokens: 2 });
  const repo = { pruneStaleRows } as unknown as HousekeepingRepository;
  const failing = vi.fn().mockRejectedValue(new Error('disk gone'));
  const log = logger();
  const housekeeping = startHousekeeping(repo, [{ name: 'sweeping', run: failing }], log, 1000);

  await vi.advanceTimersByTimeAsync(999);
  expect(failing).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(failing).toHaveBeenCalledTimes(1);
  expect(log.error).toHaveBeenCalledWith(expect.anything(), 'housekeeping: sweeping failed');
  expect(pruneStaleRows).toHaveBeenCalledWith(new Date(Date.now() - STALE_AFTER_MS));

  await vi.advanceTimersByTimeAsync(1000);
  expect(pruneStaleRows).toHaveBeenCalledTimes(2);
  await housekeeping.stop();
  await vi.advanceTimersByTimeAsync(5000);
  expect(pruneStaleRows).toHaveBeenCalledTimes(2);
});

it('never starts a pass while the last one still runs', async () => {
  let finish: () => void = () => undefined;
  const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const repo = {
    pruneStaleRows: vi.fn().mockResolvedValue({}),
  } as unknown as HousekeepingRepository;
  const housekeeping = startHousekeeping(repo, [{ name: 'slow', run: slow }], logger(), 1000);

  await vi.advanceTimersByTimeAsync(3000);
  expect(slow).toHaveBeenCalledTimes(1);
  finish();
  await vi.advanceTimersByTimeAsync(1000);
  expect(slow).toHaveBeenCalledTimes(2);
  finish();
  await housekeeping.stop();
});
