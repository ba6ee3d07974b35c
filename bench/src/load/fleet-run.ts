import { connect, type SeedConnection } from '../seed/connection.ts';
import { processCpuMs, startCpuMeter } from './cpu.ts';
import { describeMachine, loadAverage } from './environment.ts';
import { type Fleet, type RealtimeBus, startFleet } from './fleet.ts';
import { realtimeTable, type RunReport } from './report.ts';
import { runRealtime, type RealtimeResult } from './realtime.ts';
import { drawSample } from './sample.ts';
import { signInAll } from './sessions.ts';

export interface FleetBenchOptions {
  databaseUrl: string;
  realtimeBus: RealtimeBus;
  port: number;
  pool: number;
  logLevel: string;
  sockets: number;
  rate: number;
  durationSeconds: number;
  /** A run before the measured ones, unrecorded: fresh instances are slow for their first seconds. */
  warmupSeconds: number;
  /** How the preset is named from the member count. */
  presetOf(users: number): string;
  log(line: string): void;
}

type Measured = NonNullable<RunReport['realtime']>;

/** Memory, load and CPU of both instances (and the database) around one run. */
async function measureFleet(
  fleet: Fleet,
  db: SeedConnection,
  work: () => Promise<RealtimeResult>,
): Promise<Measured> {
  const pids = fleet.instances.map((instance) => instance.pid);
  for (const instance of fleet.instances) instance.resetPeak();
  const load1 = loadAverage()[0];
  const serversBefore = pids.map(processCpuMs);
  const stopCpu = await startCpuMeter({ serverPid: null, database: db });
  const result = await work();
  const cpu = await stopCpu();
  cpu.serverMs = pids.reduce((sum, pid, i) => sum + processCpuMs(pid) - (serversBefore[i] ?? 0), 0);
  const peakRssMb = Math.max(...fleet.instances.map((i) => i.peakRssBytes())) / 1024 ** 2;
  return { result, peakRssMb, load1, cpu };
}

/**
 * The realtime scenario on two instances behind HAProxy, twice: once with everything through
 * the balancer (round robin decides where each socket and each POST lands, so some deliveries
 * stay on one instance), once with every delivery crossing: member i's socket opens directly on
 * instance i mod 2 and each message is posted directly to the instance its recipient's socket
 * is not on, so the frame reaches the recipient only through the bus.
 */
export async function runFleetBench(
  options: FleetBenchOptions,
): Promise<{ section: string; preset: string }> {
  const db = await connect({ kind: 'postgres', url: options.databaseUrl });
  let fleet: Fleet | null = null;
  try {
    const sample = await drawSample(db, { users: 1, sockets: options.sockets });
    if (sample.realtime.pairs.length === 0) {
      throw new Error('The database has no conversations: run `npm run seed -- --preset …` first.');
    }
    const [version] = await db.query<{ version: string }>('SELECT version() AS version');
    const loadStart = loadAverage();
    options.log(`Starting two instances (REALTIME_BUS=${options.realtimeBus}) and HAProxy…\n`);
    fleet = await startFleet({
      databaseUrl: options.databaseUrl,
      port: options.port,
      poolSize: options.pool,
      logLevel: options.logLevel,
      realtimeBus: options.realtimeBus,
      // Every socket holds a connection, and so does every POST in flight when the fleet falls behind.
      maxConnections: options.sockets + 5000,
    });
    const running = fleet;
    const [a, b] = running.instances;
    const runs: (Measured & { label: string })[] = [];
    try {
      const realtime = async (
        label: string,
        route?: Parameters<typeof runRealtime>[0]['route'],
      ) => {
        options.log(`Signing in ${sample.realtime.users.length} members for the sockets…\n`);
        const sessions = await signInAll(running.url, sample.realtime.users);
        options.log(`${label}: ${options.sockets} sockets, ${options.rate} messages/s…\n`);
        const measured = await measureFleet(running, db, () =>
          runRealtime({
            url: running.url,
            sample: sample.realtime,
            sessions,
            sockets: options.sockets,
            ratePerSecond: options.rate,
            durationSeconds: options.durationSeconds,
            route,
          }),
        );
        const r = measured.result;
        options.log(
          `  delivered ${r.delivered} / ${r.expected}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, send errors ${r.sendErrors} ${JSON.stringify(r.sendFailures)}, socket failures ${r.socketFailures}\n`,
        );
        runs.push({ label, ...measured });
      };
      // Long enough to post once in every conversation: the first message in each reads its
      // rows from disk, which is the cache's cost, not the bus's.
      const warmup = Math.max(
        options.warmupSeconds,
        Math.ceil(sample.realtime.pairs.length / options.rate),
      );
      options.log(`Warming both instances up for ${warmup} s…\n`);
      await runRealtime({
        url: running.url,
        sample: sample.realtime,
        sessions: await signInAll(running.url, sample.realtime.users),
        sockets: options.sockets,
        ratePerSecond: options.rate,
        durationSeconds: warmup,
      });
      await realtime('Through the balancer (sockets and POSTs round robin over A and B)');
      await realtime('Across instances only (socket on one instance, POST to the other)', {
        socketUrl: (member) => (member % 2 === 0 ? a.url : b.url),
        sendUrl: (recipient) => (recipient % 2 === 0 ? b.url : a.url),
      });
    } catch (error) {
      options.log(`The fleet's last words:\n${running.logTail()}\n`);
      throw error;
    }
    const preset = options.presetOf(sample.counts.users ?? 0);
    const machine = describeMachine();
    const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
    const section = [
      `### Two instances behind HAProxy, realtime over ${options.realtimeBus === 'redis' ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY'}, \`${preset}\` preset — ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      '',
      `- Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB RAM, Node.js ${machine.node}; both instances, HAProxy, the database${options.realtimeBus === 'redis' ? ', Redis' : ''} and the load generator on the same machine.`,
      `- Database: ${(version?.version ?? '').split(' on ')[0] ?? ''}.`,
      `- Settings: ${options.sockets} sockets (one member each, subscribed to their inbox and conversations), ${options.rate} messages/s for ${options.durationSeconds} s per run after an unrecorded run through the balancer that posts once in each conversation (at least ${options.warmupSeconds} s); each instance: pool ${options.pool}, LOG_LEVEL=${options.logLevel}, RATE_LIMITS=relaxed, TRUST_PROXY=true, REALTIME_BUS=${options.realtimeBus}; HAProxy round robin, one thread.`,
      `- Across instances only: member i's socket opens directly on instance i mod 2 and each message is posted directly to the other instance than its recipient's socket, so every counted delivery crossed the bus.`,
      `- Server peak RSS: the higher of the two instances; server CPU in the two runs: ${runs.map((run) => `${((run.cpu.serverMs ?? 0) / Math.max(1, run.result.sent)).toFixed(2)} ms`).join(' and ')} per message for both instances together.`,
      `- Load average (1, 5, 15 min): ${load(loadStart)} at the start, ${load(loadAverage())} at the end.`,
      '',
      ...realtimeTable(runs, true),
      '',
      ...runs
        .filter((run) => run.result.sendErrors > 0)
        .flatMap((run) => [
          `Failed sends, ${run.label}: ${JSON.stringify(run.result.sendFailures)}.`,
          '',
        ]),
    ].join('\n');
    return { section, preset };
  } finally {
    await fleet?.stop();
    await db.close();
  }
}
