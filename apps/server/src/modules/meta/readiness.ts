import type { ReadinessChecks } from '@arena/shared/meta.schema';

import type { FileStorage } from '../storage/file-storage.ts';
import type { MetaRepository } from './meta.repository.ts';

/** The part of a Redis client readiness needs. */
export interface RedisPing {
  ping(): Promise<unknown>;
}

/**
 * A part that does not answer within this long counts as unreachable: a balancer's check must
 * get an answer before its own timeout, not hang with the part.
 */
const READINESS_TIMEOUT_MS = 2_000;

interface ReadinessResult {
  ready: boolean;
  checks: ReadinessChecks;
  /** Why each failed part failed, for the log. */
  failures: { part: string; error: unknown }[];
}

function withinTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance may take traffic (`GET /api/ready`): the database, Redis (when
 * configured) and the file storage answer, and the process is not shutting down. Liveness
 * (`/api/health`) is the process itself; readiness is what a balancer routes by.
 */
export function createReadiness(deps: {
  repo: MetaRepository;
  storage: FileStorage;
  redis: RedisPing | null;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  let shuttingDown = false;

  const probe = async (part: string, work: () => Promise<unknown>) => {
    try {
      await withinTimeout(work(), timeoutMs);
      return null;
    } catch (error) {
      return { part, error };
    }
  };

  return {
    /** From now on the instance answers not ready (SIGTERM: it is draining). */
    markShuttingDown() {
      shuttingDown = true;
    },

    async check(): Promise<ReadinessResult> {
      const redis = deps.redis;
      const [database, storage, redisFailure] = await Promise.all([
        probe('database', () => deps.repo.ping()),
        probe('storage', () => deps.storage.checkReachable()),
        redis ? probe('redis', () => redis.ping()) : Promise.resolve(null),
      ]);
      const checks: ReadinessChecks = {
        database: database ? 'unreachable' : 'ok',
        redis: !redis ? 'off' : redisFailure ? 'unreachable' : 'ok',
        storage: storage ? 'unreachable' : 'ok',
        process: shuttingDown ? 'shutting down' : 'serving',
      };
      const failures = [database, storage, redisFailure].filter((failure) => failure !== null);
      return { ready: failures.length === 0 && !shuttingDown, checks, failures };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;

/** One line naming what is wrong: "Not ready: storage unreachable, shutting down". */
export function notReadyMessage(checks: ReadinessChecks): string {
  const problems = [
    ...(['database', 'redis', 'storage'] as const)
      .filter((part) => checks[part] === 'unreachable')
      .map((part) => `${part} unreachable`),
    ...(checks.process === 'shutting down' ? ['shutting down'] : []),
  ];
  return `Not ready: ${problems.join(', ')}`;
}
