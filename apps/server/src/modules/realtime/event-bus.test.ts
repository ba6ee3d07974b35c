import { randomUUID } from 'node:crypto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { type BusEvent, createPostgresBus, type EventBus } from './event-bus.ts';

const url = process.env.TEST_DATABASE_URL;

const ended = (id: string): BusEvent => ({
  type: 'sessions.ended',
  topic: 'sessions',
  sessionIds: [id],
});

describe.runIf(url)('the PostgreSQL event bus', () => {
  const opened: EventBus[] = [];
  afterEach(async () => {
    for (const bus of opened.splice(0)) await bus.close();
  });

  /** An instance's bus, and the ids of this test's events its listeners heard. */
  async function instance(prefix: string) {
    const errors: unknown[] = [];
    const bus = await createPostgresBus(url ?? '', (error) => errors.push(error));
    opened.push(bus);
    const heard: string[] = [];
    bus.listen((event) => {
      if (event.type !== 'sessions.ended') return;
      heard.push(...event.sessionIds.filter((id) => id.startsWith(prefix)));
    });
    return { bus, heard, errors };
  }

  it('carries the events of one turn to every instance as one statement, in the order raised', async () => {
    const prefix = randomUUID();
    const a = await instance(prefix);
    const b = await instance(prefix);
    const ids = Array.from({ length: 50 }, (_, index) => `${prefix}:${index}`);
    // Published without waiting for each other, as a request's several events are.
    await Promise.all(ids.map((id) => a.bus.publish(ended(id))));
    await vi.waitFor(() => expect(b.heard).toHaveLength(ids.length));
    expect(b.heard).toEqual(ids);
    await vi.waitFor(() => expect(a.heard).toEqual(ids));

    // One turn after another: each its own statement, still in order.
    await a.bus.publish(ended(`${prefix}:late-1`));
    await b.bus.publish(ended(`${prefix}:late-2`));
    await vi.waitFor(() =>
      expect(a.heard.slice(-2)).toEqual([`${prefix}:late-1`, `${prefix}:late-2`]),
    );
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('fails only the event PostgreSQL refuses, and still carries the rest of its turn in order', async () => {
    const prefix = randomUUID();
    const a = await instance(prefix);
    const b = await instance(prefix);
    // Over NOTIFY's 8,000-byte payload limit: PostgreSQL refuses the turn's statement.
    const huge = ended(`${prefix}:${'x'.repeat(9_000)}`);
    const results = await Promise.allSettled([
      a.bus.publish(ended(`${prefix}:before`)),
      a.bus.publish(huge),
      a.bus.publish(ended(`${prefix}:after`)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await vi.waitFor(() => expect(b.heard).toEqual([`${prefix}:before`, `${prefix}:after`]));
  });
});
