import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

import type { AppConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { type JobQueue, startJobQueue } from './modules/jobs/job-queue.ts';
import { createMailQueue, type MailQueue } from './modules/mail/mail-queue.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createLocalBus, createPostgresBus, type EventBus } from './modules/realtime/event-bus.ts';
import { createRedisBus } from './modules/realtime/redis-bus.ts';
import { openRedis } from './redis-connection.ts';
import { openConfiguredStorage } from './modules/storage/configured-storage.ts';
import type { FileStorage } from './modules/storage/file-storage.ts';

/** What every module may be wired to; each part closes with the app. */
export interface Infrastructure {
  database: DatabaseHandle;
  bus: EventBus;
  /** With REDIS_URL: the connection of the shared rate-limit counters (and the Redis bus). */
  redis: Redis | null;
  jobs: JobQueue;
  mail: MailQueue;
  storage: FileStorage;
}

/**
 * Opens the database (or takes the one handed in), Redis when configured, the event bus, the job
 * queue and the mail queue on the database, and adds their closing hooks. Closing hooks run
 * last-added first: the job queue stops before the bus, Redis and the database close.
 */
export async function openInfrastructure(
  app: FastifyInstance,
  config: AppConfig,
  given: { database?: DatabaseHandle | undefined; bus?: EventBus | undefined },
): Promise<Infrastructure> {
  const database =
    given.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
    ));
  // A database opened here is closed here; one handed in belongs to the caller.
  if (!given.database) app.addHook('onClose', () => database.close());

  const redis = config.redis
    ? await openRedis(config.redis.url, (error) => app.log.error({ err: error }, 'redis error'))
    : null;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  // Live events: in-process alone; through PostgreSQL when instances share one, unless
  // REALTIME_BUS chooses Redis.
  const onBusError = (error: unknown) => app.log.error({ err: error }, 'event bus error');
  const bus: EventBus =
    given.bus ??
    (config.realtimeBus === 'redis' && redis && config.redis
      ? await createRedisBus(redis, `${config.redis.keyPrefix}events`, onBusError)
      : database.kind === 'postgres' && config.databaseUrl
        ? await createPostgresBus(config.databaseUrl, onBusError)
        : createLocalBus());
  app.addHook('onClose', () => bus.close());

  // The durable job queue; it stops (letting running jobs finish) before the database closes.
  const jobs = await startJobQueue({
    connection: database.connection,
    db: database.db,
    log: app.log,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: `${config.dataDir}/outbox`,
    log: app.log,
  });
  const mail = createMailQueue({ jobs, mailer, db: database.db, log: app.log });
  app.log.info(`outgoing mail: ${mailer.destination}`);
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });

  // Stored files: DATA_DIR/storage, or S3 when configured.
  const { storage, close: closeStorage } = openConfiguredStorage(config);
  app.log.info(`stored files: ${storage.description}`);
  app.addHook('onClose', async () => closeStorage());

  return { database, bus, redis, jobs, mail, storage };
}
