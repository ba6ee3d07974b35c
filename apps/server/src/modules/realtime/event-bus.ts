import { EventEmitter } from 'node:events';

import pg from 'pg';

import type { ServerEvent } from '@arena/shared/realtime';

import { PreparingClient } from '../../db/prepared-statements.ts';

/**
 * Server-internal: sessions (refresh-token families) that were ended, so that every instance
 * refuses their access tokens and closes their sockets. Never sent to a client.
 */
interface SessionsEndedEvent {
  type: 'sessions.ended';
  topic: 'sessions';
  sessionIds: string[];
}

/**
 * Server-internal: members whose second factors changed, so that every instance stops trusting
 * what their access tokens say about them (second-factor-changes.ts). Never sent to a client.
 */
interface FactorsChangedEvent {
  type: 'factors.changed';
  topic: 'factors';
  userIds: string[];
}

/**
 * Server-internal: a follow began or ended, so that every instance's open feeds of the follower
 * hear (or stop hearing) the followee's new posts (feed-audience.ts). Never sent to a client.
 */
interface FollowsChangedEvent {
  type: 'follows.changed';
  topic: 'follows';
  followerId: string;
  followeeId: string;
  following: boolean;
}

export type BusEvent = ServerEvent | SessionsEndedEvent | FactorsChangedEvent | FollowsChangedEvent;

/** Carries events to every instance's sockets. */
export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  /** Returns a function that stops listening. */
  listen(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
  /**
   * PostgreSQL's bus only: the NOTIFY channel every instance listens on, so that a statement on
   * the same database may publish an event whose contents it reads itself (`pg_notify`), in one
   * round trip instead of a read and then `publish`. Other buses leave it unset, and such
   * statements read and then `publish`.
   */
  readonly channel?: string;
}

/** One process: events go straight to this process's sockets. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    listen(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'arena_events';

/**
 * Several instances on one PostgreSQL: each publishes with NOTIFY and LISTENs on a dedicated
 * connection, so an event raised on any instance reaches sockets on all of them.
 */
export async function createPostgresBus(
  url: string,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const local = createLocalBus();
  const listener = new pg.Client({ connectionString: url });
  const publisher = new pg.Pool({ connectionString: url, max: 2, Client: PreparingClient });
  publisher.on('error', onError);
  listener.on('error', onError);
  listener.on('notification', (notification) => {
    if (notification.channel !== CHANNEL || !notification.payload) return;
    try {
      void local.publish(JSON.parse(notification.payload) as BusEvent);
    } catch (error) {
      onError(error);
    }
  });
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);

  // Events published in the same turn of the event loop (a message tells its conversation and
  // both inboxes) go out as one statement, in their order. Within it, PostgreSQL delivers two
  // events with the same text once: they say the same thing.
  type Pending = { payload: string; sent: () => void; failed: (error: unknown) => void };
  let pending: Pending[] = [];
  const send = (batch: Pending[]) =>
    publisher
      .query(
        `SELECT pg_notify($1, e.payload)
          FROM unnest($2::text[]) WITH ORDINALITY AS e(payload, n) ORDER BY e.n`,
        [CHANNEL, batch.map((one) => one.payload)],
      )
      .then(
        () => {
          for (const one of batch) one.sent();
        },
        async (error: unknown) => {
          // A statement is all or nothing: one event PostgreSQL refuses (over NOTIFY's 8,000
          // bytes, say) must not take the turn's others with it. They go one by one, in order.
          if (batch.length > 1) for (const one of batch) await send([one]);
          else for (const one of batch) one.failed(error);
        },
      );
  const flush = () => {
    const batch = pending;
    pending = [];
    void send(batch);
  };

  return {
    channel: CHANNEL,
    publish(event) {
      // NOTIFY payloads are limited to 8000 bytes; every event here is far smaller.
      return new Promise<void>((sent, failed) => {
        pending.push({ payload: JSON.stringify(event), sent, failed });
        if (pending.length === 1) queueMicrotask(flush);
      });
    },
    listen: (handler) => local.listen(handler),
    async close() {
      await local.close();
      await listener.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
