import { TOKEN_LIFETIMES } from '@arena/shared/limits';

import type { EventBus } from '../realtime/event-bus.ts';

/** NOTIFY payloads are limited to 8000 bytes: at most this many ids (37 bytes each) per event. */
const IDS_PER_EVENT = 100;

/**
 * Sessions ended in the last access-token lifetime. Access tokens are self-contained JWTs that
 * live 15 minutes; a token whose session (refresh-token family) has ended is refused at once
 * rather than when it expires. An ended session is remembered here for one access-token lifetime,
 * after which every token it was issued has expired anyway.
 *
 * Every instance hears of an ended session through the event bus (PostgreSQL NOTIFY with
 * several instances), and a starting instance loads those ended in the last lifetime.
 */
export interface SessionRevocations {
  /**
   * Refuses the sessions' access tokens here at once, and tells every instance. A failure to
   * reach the bus is reported to `onError`, not thrown: the sessions have ended in the database,
   * and their refresh tokens are refused everywhere.
   */
  announce(sessionIds: readonly string[]): Promise<void>;
  isEnded(sessionId: string): boolean;
  /** Stops listening to the bus. */
  close(): void;
}

export function createSessionRevocations(
  bus: EventBus,
  /** Sessions ended within the last access-token lifetime, from the database. */
  endedRecently: readonly string[],
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): SessionRevocations {
  const rememberMs = TOKEN_LIFETIMES.accessTokenSeconds * 1000;
  /** Session id → when it may be forgotten. */
  const ended = new Map<string, number>();

  const remember = (ids: readonly string[]) => {
    const at = now();
    // Insertion order is forget order: drop what has lapsed from the front.
    for (const [id, forgetAt] of ended) {
      if (forgetAt > at) break;
      ended.delete(id);
    }
    for (const id of ids) {
      ended.delete(id);
      ended.set(id, at + rememberMs);
    }
  };

  remember(endedRecently);
  const stop = bus.listen((event) => {
    if (event.type === 'sessions.ended') remember(event.sessionIds);
  });

  return {
    async announce(sessionIds) {
      if (sessionIds.length === 0) return;
      remember(sessionIds);
      try {
        for (let start = 0; start < sessionIds.length; start += IDS_PER_EVENT) {
          await bus.publish({
            type: 'sessions.ended',
            topic: 'sessions',
            sessionIds: sessionIds.slice(start, start + IDS_PER_EVENT),
          });
        }
      } catch (error) {
        onError(error);
      }
    },
    isEnded(sessionId) {
      const forgetAt = ended.get(sessionId);
      return forgetAt !== undefined && forgetAt > now();
    },
    close: stop,
  };
}
