import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { EventBus } from '../realtime/event-bus.ts';

/** NOTIFY payloads are limited to 8000 bytes: at most this many ids (37 bytes each) per event. */
const IDS_PER_EVENT = 100;

/**
 * How far apart reading a member's factors and signing their token may be (they are one after the
 * other in the same call), and how far apart two instances' clocks may be.
 */
export const FACTOR_CLAIM_MARGIN_MS = 60_000;

/**
 * Members whose second factors changed (one became verified, or one was removed) within the last
 * access-token lifetime.
 *
 * An aal1 access token is refused while its member has a verified second factor. The token says
 * whether they had one when it was issued (the `fac` claim); that answer stands as long as the
 * member's factors have not changed since, which is what this registry knows, so most requests
 * need no query. For a member whose factors changed around or after a token was issued, the
 * caller asks the database, as for a token without the claim.
 *
 * Every instance hears of a change through the event bus (PostgreSQL NOTIFY with several
 * instances), and a starting instance loads the factors verified in the last lifetime.
 */
export interface SecondFactorChanges {
  /**
   * Remembers the members here at once, and tells every instance. A failure to reach the bus is
   * reported to `onError`, not thrown: the change is in the database already.
   */
  announce(userIds: readonly string[]): Promise<void>;
  /** Did the member's factors change after (or shortly before) `issuedAt`? */
  changedSince(userId: string, issuedAt: Date): boolean;
  /** Stops listening to the bus. */
  close(): void;
}

/** How long a change is remembered: a token whose claim may be stale was issued at most a margin after it. */
const REMEMBER_MS = TOKEN_LIFETIMES.accessTokenSeconds * 1000 + FACTOR_CLAIM_MARGIN_MS;

/** The registry of a starting instance, which knows the factors verified while it was away. */
export async function loadSecondFactorChanges(
  bus: EventBus,
  verifiedSince: (since: Date) => Promise<{ userId: string; at: Date }[]>,
  onError: (error: unknown) => void,
): Promise<SecondFactorChanges> {
  const recent = await verifiedSince(new Date(Date.now() - REMEMBER_MS));
  return createSecondFactorChanges(bus, recent, onError);
}

export function createSecondFactorChanges(
  bus: EventBus,
  /** Members whose factors were verified within the last lifetime, with when, from the database. */
  recent: readonly { userId: string; at: Date }[],
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): SecondFactorChanges {
  const rememberMs = REMEMBER_MS;
  /** Member id → when their factors last changed. Insertion order is time order. */
  const changed = new Map<string, number>();

  const remember = (userIds: readonly string[], at: number) => {
    for (const [id, when] of changed) {
      if (when + rememberMs > now()) break;
      changed.delete(id);
    }
    for (const id of userIds) {
      changed.delete(id);
      changed.set(id, at);
    }
  };

  for (const { userId, at } of [...recent].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    remember([userId], at.getTime());
  }
  const stop = bus.listen((event) => {
    if (event.type === 'factors.changed') remember(event.userIds, now());
  });

  return {
    async announce(userIds) {
      if (userIds.length === 0) return;
      remember(userIds, now());
      try {
        for (let start = 0; start < userIds.length; start += IDS_PER_EVENT) {
          await bus.publish({
            type: 'factors.changed',
            topic: 'factors',
            userIds: userIds.slice(start, start + IDS_PER_EVENT),
          });
        }
      } catch (error) {
        onError(error);
      }
    },
    changedSince(userId, issuedAt) {
      const at = changed.get(userId);
      if (at === undefined || at + rememberMs <= now()) return false;
      return at >= issuedAt.getTime() - FACTOR_CLAIM_MARGIN_MS;
    },
    close: stop,
  };
}
