import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  redisSkipReason,
  relayTo,
  testKeyPrefix,
  testRedisUrl,
  type RedisRelay,
} from '../../../test/test-redis.ts';
import { openRedis } from '../../redis-connection.ts';
import type { BusEvent, EventBus } from './event-bus.ts';
import { createRedisBus } from './redis-bus.ts';

const ended = (id: string): BusEvent => ({
  type: 'sessions.ended',
  topic: 'sessions',
  sessionIds: [id],
});
const idsOf = (events: BusEvent[]) =>
  events.flatMap((event) => (event.type === 'sessions.ended' ? event.sessionIds : []));

describe.skipIf(!testRedisUrl)(`the Redis event bus${redisSkipReason}`, () => {
  const url = testRedisUrl ?? '';
  const opened: { clients: Redis[]; buses: EventBus[]; relays: RedisRelay[] } = {
    clients: [],
    buses: [],
    relays: [],
  };

  afterEach(async () => {
    for (const bus of opened.buses.splice(0)) await bus.close();
    for (const client of opened.clients.splice(0)) client.disconnect();
    for (const relay of opened.relays.splice(0)) await relay.close();
  });

  /** An instance's bus on `channel`, and what its listeners heard. */
  async function instance(channel: string, through = url) {
    const errors: unknown[] = [];
    const client = await openRedis(through, (error) => errors.push(error));
    opened.clients.push(client);
    const bus = await createRedisBus(client, channel, (error) => errors.push(error));
    opened.buses.push(bus);
    const heard: BusEvent[] = [];
    bus.listen((event) => heard.push(event));
    return { client, bus, heard, errors };
  }

  it("carries one instance's events to another in the order raised, and to its own listeners once", async () => {
    const channel = `${testKeyPrefix()}events`;
    const a = await instance(channel);
    const b = await instance(channel);
    const outsider = await instance(`${testKeyPrefix()}events`);

    const ids = Array.from({ length: 50 }, (_, index) => `a${index}`);
    // Published without waiting for each other, as a request's several events are.
    await Promise.all(ids.map((id) => a.bus.publish(ended(id))));
    await vi.waitFor(() => expect(idsOf(b.heard)).toHaveLength(ids.length));
    expect(idsOf(b.heard)).toEqual(ids);

    // Redis sends A's echoes before anything published after them: once B's event reaches A,
    // any echo would have too.
    await b.bus.publish(ended('from-b'));
    await vi.waitFor(() => expect(idsOf(a.heard)).toContain('from-b'));
    expect(idsOf(a.heard)).toEqual([...ids, 'from-b']);
    expect(idsOf(b.heard)).toEqual([...ids, 'from-b']);
    expect(outsider.heard).toEqual([]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('reports a failed publish without throwing, and hears other instances again once Redis is back', async () => {
    const channel = `${testKeyPrefix()}events`;
    const relay = await relayTo(url);
    opened.relays.push(relay);
    const a = await instance(channel, relay.url);
    const b = await instance(channel);

    await relay.cut();
    await vi.waitFor(() => expect(a.client.status).not.toBe('ready'));
    await expect(a.bus.publish(ended('while-away'))).resolves.toBeUndefined();
    // This instance's own sockets still hear it; the others cannot.
    expect(idsOf(a.heard)).toEqual(['while-away']);
    expect(a.errors.length).toBeGreaterThan(0);

    await relay.restore();
    // Events published before A listens again are lost (Redis keeps no history): keep
    // publishing until one arrives.
    let attempt = 0;
    await vi.waitFor(
      async () => {
        attempt += 1;
        await b.bus.publish(ended(`after-${attempt}`));
        expect(idsOf(a.heard).some((id) => id.startsWith('after-'))).toBe(true);
      },
      { timeout: 8_000, interval: 100 },
    );
    await a.bus.publish(ended('back'));
    await vi.waitFor(() => expect(idsOf(b.heard)).toContain('back'));
    expect(idsOf(b.heard)).not.toContain('while-away');
  });

  it('stops handing events to its listeners once closed', async () => {
    const channel = `${testKeyPrefix()}events`;
    const a = await instance(channel);
    const b = await instance(channel);
    const closing = opened.buses.splice(opened.buses.indexOf(b.bus), 1)[0];
    await closing?.close();
    await a.bus.publish(ended('after-close'));
    const watcher = await instance(channel);
    await a.bus.publish(ended('seen'));
    await vi.waitFor(() => expect(idsOf(watcher.heard)).toContain('seen'));
    expect(b.heard).toEqual([]);
  });
});
