import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import type { SeedConnection } from '../seed/connection.ts';

/**
 * CPU time actually spent, per process, from /proc. On a shared machine, latency and throughput
 * depend on everyone else's work; the CPU milliseconds each request costs the server, the
 * database and the load generator do not, and they tell what the code can do on cores of its own.
 */

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process and all its threads, in ms (0 if it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface CpuCost {
  serverMs: number | null;
  databaseMs: number | null;
  benchMs: number;
}

/** Starts measuring; the returned function stops and gives the CPU spent meanwhile. */
export async function startCpuMeter(options: {
  serverPid: number | null;
  /** PostgreSQL: its backends serving this database are counted. */
  database: SeedConnection | null;
}): Promise<() => Promise<CpuCost>> {
  const backends = async () => {
    if (!options.database) return new Map<number, number>();
    const rows = await options.database.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
  };
  const serverStart = options.serverPid ? processCpuMs(options.serverPid) : 0;
  const databaseStart = await backends();
  const benchStart = process.cpuUsage();
  return async () => {
    const bench = process.cpuUsage(benchStart);
    const serverMs = options.serverPid ? processCpuMs(options.serverPid) - serverStart : null;
    let databaseMs: number | null = null;
    if (options.database) {
      databaseMs = 0;
      // Backends that started meanwhile count from zero; ones that ended are lost (rare: pools keep them).
      for (const [pid, now] of await backends()) databaseMs += now - (databaseStart.get(pid) ?? 0);
    }
    return { serverMs, databaseMs, benchMs: (bench.user + bench.system) / 1000 };
  };
}
