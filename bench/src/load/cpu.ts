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

/** A process's /proc stat fields after its name (the name may contain spaces), or null. */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

const ticksMs = (fields: string[], first: number) =>
  ((Number(fields[first]) + Number(fields[first + 1])) * 1000) / TICKS_PER_SECOND;

/** User + system CPU time of a process and all its threads, in ms (0 if it is gone). */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? ticksMs(fields, 11) : 0;
}

/**
 * User + system CPU time of this process's children that have exited, in ms: a load generator
 * the bench runs as a program (wrk) counts when it ends. The server the bench starts ends only
 * after the last measurement, so it never falls into a measured window.
 */
function exitedChildrenCpuMs(): number {
  const fields = statFields('self');
  return fields ? ticksMs(fields, 13) : 0;
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
  const childrenStart = exitedChildrenCpuMs();
  return async () => {
    const bench = process.cpuUsage(benchStart);
    const children = exitedChildrenCpuMs() - childrenStart;
    const serverMs = options.serverPid ? processCpuMs(options.serverPid) - serverStart : null;
    let databaseMs: number | null = null;
    if (options.database) {
      databaseMs = 0;
      // Backends that started meanwhile count from zero; ones that ended are lost (rare: pools keep them).
      for (const [pid, now] of await backends()) databaseMs += now - (databaseStart.get(pid) ?? 0);
    }
    return { serverMs, databaseMs, benchMs: (bench.user + bench.system) / 1000 + children };
  };
}
