import { Redis } from 'ioredis';

/**
 * How long a connection attempt, and then any one command, may take. Redis answers in well under
 * a millisecond on the same network: a request must not hang on a rate limit or a live notice
 * because Redis is gone or stalled.
 */
const CONNECT_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;

/**
 * Opens a connection to REDIS_URL and waits until Redis answers: an instance told to share its
 * state with others must not start without it, nor pretend to.
 *
 * A lost connection fails commands at once instead of queueing them (no offline queue): a
 * request then goes on without the shared counter (see http-plugins.ts) or without the live
 * notice, rather than waiting. ioredis reconnects in the background, up to 2 s apart.
 * `onError` hears once of each outage, not of every attempt to reconnect.
 */
export function openRedis(url: string, onError: (error: unknown) => void): Promise<Redis> {
  return connected(
    new Redis(url, {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    }),
    onError,
  );
}

/** Another connection with the same settings (a subscribed connection can do nothing else). */
export function openAnotherRedis(client: Redis, onError: (error: unknown) => void): Promise<Redis> {
  return connected(client.duplicate(), onError);
}

async function connected(client: Redis, onError: (error: unknown) => void): Promise<Redis> {
  // The first failure fails the start, rather than the attempts ioredis would go on making.
  let failed: (error: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  client.on('error', failed);
  try {
    await Promise.race([client.connect(), failure]);
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Redis at ${client.options.host ?? '?'}:${client.options.port ?? '?'} does not answer: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  } finally {
    client.off('error', failed);
  }

  let reported = false;
  client.on('error', (error) => {
    if (!reported) onError(error);
    reported = true;
  });
  client.on('ready', () => (reported = false));
  return client;
}
