import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

import { openAnotherRedis } from '../../redis-connection.ts';
import { type BusEvent, createLocalBus, type EventBus } from './event-bus.ts';

/** What travels on the channel: the event and the instance that sent it. */
interface Envelope {
  from: string;
  event: BusEvent;
}

/**
 * Several instances on one Redis (REALTIME_BUS=redis): each publishes on one channel and listens
 * on a connection of its own, so an event raised on any instance reaches sockets on all of them.
 *
 * An instance hands its own events to its sockets at once and ignores their echo: they do not
 * wait for a round trip, and keep reaching this instance's sockets while Redis is away. Redis
 * delivers one connection's messages in the order they were published, so each instance hears
 * another's events in the order that one raised them.
 *
 * A failure to publish is reported to `onError`, not thrown: the write the event follows has
 * committed, and an error would invite the client to send it again. Events published while an
 * instance's listening connection is down do not reach it (Redis keeps no history); it
 * reconnects and subscribes again by itself.
 */
export async function createRedisBus(
  client: Redis,
  channel: string,
  onError: (error: unknown) => void,
): Promise<EventBus> {
  const local = createLocalBus();
  const self = randomUUID();
  const subscriber = await openAnotherRedis(client, onError);
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    try {
      const envelope = JSON.parse(payload) as Envelope;
      if (envelope.from !== self) local.publish(envelope.event).catch(onError);
    } catch (error) {
      onError(error);
    }
  });
  try {
    await subscriber.subscribe(channel);
  } catch (error) {
    subscriber.disconnect();
    throw error;
  }

  return {
    async publish(event) {
      local.publish(event).catch(onError);
      const envelope: Envelope = { from: self, event };
      try {
        await client.publish(channel, JSON.stringify(envelope));
      } catch (error) {
        onError(error);
      }
    },
    listen: (handler) => local.listen(handler),
    async close() {
      await local.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
