import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { findHaproxy, startBalancer } from '@arena/server/test/support/balancer.ts';

import { type ServerProcess, startServer } from './server.ts';

export type RealtimeBus = 'postgres' | 'redis';

export interface FleetOptions {
  databaseUrl: string;
  /** Instance A listens here, B on the next port. */
  port: number;
  poolSize: number;
  logLevel: string;
  realtimeBus: RealtimeBus;
  /** HAProxy's connection limit: every open socket holds one. */
  maxConnections: number;
}

/** Two server instances on one database, HAProxy in front. */
export interface Fleet {
  /** The balancer. */
  url: string;
  instances: [ServerProcess, ServerProcess];
  logTail(): string;
  stop(): Promise<void>;
}

/** Why a fleet cannot run with these settings, or null. */
export function fleetRefusal(options: {
  databaseKind: 'pglite' | 'postgres';
  realtimeBus: string;
}): string | null {
  if (options.databaseKind !== 'postgres') {
    return '--fleet needs DATABASE_URL (PostgreSQL): an embedded database opens in one process only.';
  }
  if (options.realtimeBus !== 'postgres' && options.realtimeBus !== 'redis') {
    return `--realtime-bus must be postgres or redis, not ${options.realtimeBus}.`;
  }
  if (options.realtimeBus === 'redis' && !process.env.REDIS_URL) {
    return '--realtime-bus redis needs REDIS_URL in the environment (e.g. redis://127.0.0.1:6379).';
  }
  if (!findHaproxy()) return '--fleet needs haproxy on PATH (Debian: apt-get install haproxy).';
  return null;
}

/**
 * Starts A, then B (one after the other: the first brings the schema up to date), then HAProxy,
 * and waits until HAProxy sees both up. Whatever started is stopped again if a later step fails.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('haproxy is not on PATH');
  const started: { stop(): Promise<void> }[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-bench-fleet-'));
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const start = async (port: number) => {
      const server = await startServer({
        port,
        databaseUrl: options.databaseUrl,
        poolSize: options.poolSize,
        logLevel: options.logLevel,
        nodeFlags: [],
        env: { REALTIME_BUS: options.realtimeBus },
      });
      started.push(server);
      return server;
    };
    const a = await start(options.port);
    const b = await start(options.port + 1);
    const balancer = await startBalancer(
      haproxy,
      dir,
      [
        { name: 'a', port: options.port },
        { name: 'b', port: options.port + 1 },
      ],
      { maxConnections: options.maxConnections },
    );
    started.push(balancer);
    await balancer.waitFor('a', 'UP');
    await balancer.waitFor('b', 'UP');
    return {
      url: balancer.base,
      instances: [a, b],
      logTail: () =>
        `Instance A:\n${a.logTail()}\nInstance B:\n${b.logTail()}\nHAProxy:\n${balancer.output().slice(-2000)}`,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
