import type { FastifyBaseLogger } from 'fastify';

import type { HousekeepingRepository } from './housekeeping.repository.ts';

/** Stale rows are kept a day past their expiry or window: longer than any rule looks back. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** What one pass of housekeeping runs besides pruning (the sweep of abandoned uploads). */
export type Chore = { name: string; run: () => Promise<unknown> };

/**
 * Runs the periodic chores every `intervalMs`, one pass at a time, and logs what each removed.
 * A failing chore is logged and the others still run; the timer does not keep the process alive.
 */
export function startHousekeeping(
  repo: HousekeepingRepository,
  chores: Chore[],
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  const all: Chore[] = [
    ...chores,
    {
      name: 'pruning stale rows',
      run: () => repo.pruneStaleRows(new Date(Date.now() - STALE_AFTER_MS)),
    },
  ];
  let running: Promise<void> | null = null;

  async function pass() {
    for (const chore of all) {
      try {
        const outcome = await chore.run();
        log.debug({ outcome }, `housekeeping: ${chore.name}`);
      } catch (error) {
        log.error({ err: error }, `housekeeping: ${chore.name} failed`);
      }
    }
  }

  const timer = setInterval(() => {
    running ??= pass().finally(() => (running = null));
  }, intervalMs);
  timer.unref();

  return {
    /** Stops the timer and waits for a pass under way (the database closes after). */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
