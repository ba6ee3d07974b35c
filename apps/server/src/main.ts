import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { createLogger } from './logging.ts';

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger(config);
// The first line says where the data is: a first run should not have to look for it.
log.info(
  config.databaseUrl
    ? `Arena keeps its data in PostgreSQL, and its stored files in ${config.dataDir}/storage`
    : `Arena keeps its data in ${config.dataDir} (embedded database in ${config.dataDir}/db)`,
);
const app = await buildApp(config, { loggerInstance: log }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    // Stops accepting, waits for in-flight requests, then closes the database (onClose hook).
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
// Started by `npm start` (src/cli/start.ts) with an IPC channel: when that process is gone, even
// killed outright, the channel closes and the server stops rather than hold the port and the
// database. The channel itself does not keep the process alive.
if (process.channel) {
  process.on('disconnect', () => void stop('launcher gone'));
  process.channel.unref();
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Arena is running at ${config.publicUrl ?? `http://localhost:${config.port}`} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`})`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
