/** How long to wait before reconnecting: doubling from `initialMs`, capped at `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0 for the first), with "equal jitter": half the
 * doubled delay for sure, plus a random share of the other half. The sure half keeps the growth
 * (a server that is down is not hammered); the random half spreads the tabs that lost their
 * socket at the same moment (a server restart) so they do not all come back at once.
 */
export function reconnectDelay(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
