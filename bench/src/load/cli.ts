/**
 * `npm run bench -- [scenario…] [options]`: load scenarios against the API, on the database
 * `npm run seed` filled. See bench/README.md.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { loadConfig } from '@arena/server/src/config.ts';

import { connect, type SeedConnection } from '../seed/connection.ts';
import { benchTarget, presetOf, seedForSmoke } from './bench-target.ts';
import { startCpuMeter } from './cpu.ts';
import { describeMachine, loadAverage } from './environment.ts';
import { fanoutPhase, type FanoutSample, prepareFanout, restoreFanoutFollows } from './fanout.ts';
import { explainQueries } from './explain.ts';
import { fleetRefusal, type RealtimeBus } from './fleet.ts';
import { runFleetBench } from './fleet-run.ts';
import { runHttp } from './http-run.ts';
import { HTTP_SCENARIOS } from './http-scenarios.ts';
import { renderNotificationsReport, type NotificationsReport } from './notifications-report.ts';
import { runNotificationsScenario } from './notifications-run.ts';
import { benchSettings, parseBenchArgs } from './options.ts';
import {
  countLikeNotifications,
  drawNotificationsSample,
  type NotificationsSample,
} from './notifications-sample.ts';
import { rawAroundApi, rawFeed } from './raw-feed.ts';
import { runRealtime } from './realtime.ts';
import { type HttpRow, renderReport, type RunReport, writeResults } from './report.ts';
import { drawSample } from './sample.ts';
import { SERVER_DIR, type ServerProcess, startServer, watchMemory } from './server.ts';
import { signInAll } from './sessions.ts';
import { smokeVerdict } from './smoke.ts';
import { runWrk, wrkRefusal } from './wrk-run.ts';

const BENCH_DIR = fileURLToPath(new URL('../../', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const parsed = parseBenchArgs(argv);
  if ('exit' in parsed) {
    (parsed.exit === 0 ? process.stdout : process.stderr).write(parsed.text);
    return parsed.exit;
  }
  const { values, positionals, wanted, generator } = parsed;
  const smoke = values.smoke;
  const wrkMissing = generator === 'wrk' ? wrkRefusal() : null;
  if (wrkMissing) {
    process.stderr.write(`${wrkMissing}\n`);
    return 2;
  }
  const runLoad = generator === 'wrk' ? runWrk : runHttp;

  process.chdir(SERVER_DIR);
  const config = loadConfig();
  const smokeDir = smoke ? mkdtempSync(path.join(tmpdir(), 'arena-bench-smoke-')) : null;
  const target = benchTarget(config, smokeDir);
  const benchUrl = smoke ? undefined : process.env.BENCH_URL;
  if (benchUrl && target.kind === 'pglite') {
    process.stderr.write(
      'BENCH_URL needs DATABASE_URL too: the bench reads the data, and an embedded database opens in one process only.\n',
    );
    return 2;
  }

  const pg = target.kind === 'postgres';
  const settings = benchSettings(values, { smoke, pg });

  if (values.fleet) {
    const refusal = fleetRefusal({
      databaseKind: target.kind,
      realtimeBus: values['realtime-bus'],
    });
    const others = positionals.filter((name) => name !== 'realtime');
    if (refusal || smoke || benchUrl || others.length > 0 || target.kind !== 'postgres') {
      process.stderr.write(
        `${refusal ?? '--fleet runs only the realtime scenario, on servers it starts (no --smoke, no BENCH_URL).'}\n`,
      );
      return 2;
    }
    const { section, preset } = await runFleetBench({
      databaseUrl: target.url,
      realtimeBus: values['realtime-bus'] as RealtimeBus,
      port: settings.port,
      pool: settings.pool,
      logLevel: values['log-level'],
      sockets: settings.sockets,
      rate: settings.rate,
      durationSeconds: settings.realtimeDuration,
      warmupSeconds: settings.warmup,
      presetOf,
      log: (line) => process.stdout.write(line),
    });
    process.stdout.write(`\n${section}\n`);
    if (!values['no-write']) {
      const key = `fleet-realtime-${values['realtime-bus']}-${preset}`;
      writeResults(path.join(BENCH_DIR, 'RESULTS.md'), key, section);
      process.stdout.write(`Written to bench/RESULTS.md (section ${key}).\n`);
    }
    return 0;
  }

  try {
    // 1. The sample and the query plans, read before the server takes the database.
    let db: SeedConnection | null = await connect(target);
    if (smoke) await seedForSmoke(db);
    const sample = await drawSample(db, { users: settings.users, sockets: settings.sockets });
    if (sample.users.length === 0) {
      process.stderr.write(
        'The database has no members: run `npm run seed -- --preset …` first.\n',
      );
      return 2;
    }
    let notificationsSample: NotificationsSample | null = null;
    let rowsBefore = 0;
    if (wanted.includes('notifications')) {
      notificationsSample = await drawNotificationsSample(db, {
        authors: settings.authors,
        sockets: settings.sockets,
        mails: settings.mails,
      });
      rowsBefore = await countLikeNotifications(db.query.bind(db), notificationsSample.authors);
    }
    // The author's follows are changed for the run, and put back in `finally` below.
    const fanoutSample: FanoutSample | null = wanted.includes('fanout')
      ? await prepareFanout(db, {
          sockets: settings.fanoutSockets,
          followersOnline: settings.fanoutOnline,
          followersTotal: settings.fanoutFollowers,
        })
      : null;
    const [version] = await db.query<{ version: string }>('SELECT version() AS version');
    process.stdout.write('Reading query plans…\n');
    const explains = smoke ? [] : await explainQueries(db, sample);
    if (!pg) {
      await db.close();
      db = null;
    }

    // 2. The server.
    let server: ServerProcess | null = null;
    let url = benchUrl ?? '';
    if (!benchUrl) {
      const profileDir = path.join(BENCH_DIR, '.out', 'profiles');
      if (values['cpu-prof']) mkdirSync(profileDir, { recursive: true });
      server = await startServer({
        port: settings.port,
        databaseUrl: target.kind === 'postgres' ? target.url : undefined,
        dataDir: target.kind === 'pglite' ? path.dirname(target.dataDir ?? '') : undefined,
        poolSize: settings.pool,
        logLevel: values['log-level'],
        nodeFlags: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      });
      url = server.url;
    }
    const benchPid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null;
    const memory = server ?? (benchPid ? watchMemory(benchPid) : null);
    const peaks: number[] = [];
    /** Memory, load and CPU around the measured part of a scenario (warm-up excluded). */
    const measure = async <T>(work: () => Promise<T>) => {
      memory?.resetPeak();
      const load1 = loadAverage()[0];
      const stopCpu = await startCpuMeter({ serverPid: server?.pid ?? benchPid, database: db });
      const result = await work();
      const cpu = await stopCpu();
      const peak = memory ? memory.peakRssBytes() / 1024 ** 2 : null;
      if (peak !== null) peaks.push(peak);
      return { result, peakRssMb: peak, load1, cpu };
    };

    const loadStart = loadAverage();
    const report: RunReport = {
      date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
      machine: describeMachine(),
      database: { kind: target.kind, version: (version?.version ?? '').split(' on ')[0] ?? '' },
      preset: presetOf(sample.counts.users ?? 0),
      counts: sample.counts,
      settings: `${settings.duration} s per scenario after ${settings.warmup} s of warm-up, ${settings.users} members signed in, server pool ${settings.pool}, load generator ${generator}, LOG_LEVEL=${values['log-level']}, RATE_LIMITS=relaxed with one client address per member`,
      loadStart,
      loadEnd: loadStart,
      http: [],
      raw: null,
      realtime: null,
      serverPeakRssMb: null,
      explains,
    };
    let notifications: NotificationsReport | null = null;
    let fanout: string | null = null;
    const fanoutFailures: string[] = [];

    try {
      // 3. HTTP scenarios, one after the other.
      for (const scenario of HTTP_SCENARIOS.filter((s) => wanted.includes(s.name))) {
        const sessions = await signInAll(url, sample.users);
        process.stdout.write(`${scenario.title}…\n`);
        const context = { url, sample, sessions };
        const connections = settings.connections;
        const runApi = async () => {
          if (settings.warmup > 0) {
            await runLoad(scenario, context, { connections, durationSeconds: settings.warmup });
          }
          return measure(() =>
            runLoad(scenario, context, { connections, durationSeconds: settings.duration }),
          );
        };
        let measured: Awaited<ReturnType<typeof runApi>>;
        if (scenario.name === 'feed' && target.kind === 'postgres') {
          process.stdout.write('  with the same SQL straight through pg before and after it…\n');
          const feed = await rawFeed({
            databaseUrl: target.url,
            users: sample.users,
            concurrency: settings.connections,
            poolSize: settings.pool,
          });
          try {
            const both = await rawAroundApi({
              feed,
              warmupSeconds: settings.warmup,
              durationSeconds: settings.duration,
              measure,
              api: runApi,
            });
            measured = both.api;
            const { result, runs, load1, cpu } = both.raw;
            report.raw = { result, connections, poolSize: settings.pool, load1, cpu };
            process.stdout.write(
              `  raw SQL ${runs.map((run) => Math.round(run.perSecond)).join(' before, ')} after: ${Math.round(result.perSecond)} pages/s, p99 ${result.p99.toFixed(1)} ms\n`,
            );
          } finally {
            await feed.close();
          }
        } else {
          measured = await runApi();
        }
        const row: HttpRow = {
          name: scenario.name,
          title: scenario.title,
          write: scenario.write,
          connections: settings.connections,
          ...measured,
        };
        report.http.push(row);
        process.stdout.write(
          `  ${Math.round(row.result.perSecond)} req/s, p50 ${row.result.p50} ms, p99 ${row.result.p99} ms, non-2xx ${row.result.non2xx}, errors ${row.result.errors}\n`,
        );
      }

      // 4. Realtime.
      if (wanted.includes('realtime')) {
        process.stdout.write(
          `Signing in ${sample.realtime.users.length} members for the sockets…\n`,
        );
        const sessions = await signInAll(url, sample.realtime.users);
        process.stdout.write(
          `Realtime: ${settings.sockets} sockets, ${settings.rate} messages/s for ${settings.realtimeDuration} s…\n`,
        );
        const measured = await measure(() =>
          runRealtime({
            url,
            sample: sample.realtime,
            sessions,
            sockets: settings.sockets,
            ratePerSecond: settings.rate,
            durationSeconds: settings.realtimeDuration,
          }),
        );
        report.realtime = measured;
      }

      // 5. Fan-out: one member with many followers posts while thousands listen.
      if (fanoutSample) {
        const { section, failures } = await fanoutPhase({
          url,
          sample: fanoutSample,
          smoke,
          run: {
            date: report.date,
            machine: `${report.machine.cores} cores (${report.machine.cpu}), Node.js ${report.machine.node}; server, database and load generator on the same machine`,
            database: report.database.version,
            preset: report.preset,
          },
          log: (line) => process.stdout.write(line),
        });
        fanout = section;
        fanoutFailures.push(...failures);
      }

      // 6. Notifications: likes with the sockets open, then email throughput.
      if (notificationsSample) {
        const outboxDir =
          target.kind === 'pglite'
            ? path.join(path.dirname(target.dataDir ?? ''), 'outbox')
            : path.join(config.dataDir, 'outbox');
        notifications = {
          date: report.date,
          machine: report.machine,
          database: report.database,
          preset: report.preset,
          settings: `${settings.likeRate} likes/s (open loop, at most 1,000 in flight; node's HTTP client, kept-alive connections) for ${settings.notificationsDuration} s after ${settings.notificationsWarmup} s of the same not counted (warm-up), from ${notificationsSample.members.length} members onto the newest post of each of the ${notificationsSample.authors.length} most followed members, each (member, post) once; ${settings.mails} password-reset requests (16 at a time) for the email part; server pool ${settings.pool}, LOG_LEVEL=${values['log-level']}, RATE_LIMITS=relaxed with one client address per member, no SMTP_URL (mail to DATA_DIR/outbox)`,
          ...(await runNotificationsScenario({
            url,
            sample: notificationsSample,
            db: target.kind === 'postgres' ? db : null,
            rowsBefore,
            outboxDir,
            ownServer: server !== null,
            settings: {
              rate: settings.likeRate,
              durationSeconds: settings.notificationsDuration,
              mails: settings.mails,
              maxInFlight: 1000,
              mailConcurrency: 16,
              warmupSeconds: settings.notificationsWarmup,
            },
            measure,
            log: (line) => process.stdout.write(line),
          })),
        };
      }
    } catch (error) {
      if (server) process.stderr.write(`The server's last words:\n${server.logTail()}\n`);
      throw error;
    } finally {
      await server?.stop();
      if (fanoutSample) {
        // PGlite opens in one process at a time: put back once the server let go of it.
        const restoreOn = db ?? (await connect(target));
        await restoreFanoutFollows(restoreOn, fanoutSample);
        if (restoreOn !== db) await restoreOn.close();
      }
      await db?.close();
    }
    if (notifications?.likes && notifications.likes.rowsAfter < 0 && notificationsSample) {
      // PGlite opens in one process at a time: counted once the server let go of it.
      const after = await connect(target);
      try {
        notifications.likes.rowsAfter = await countLikeNotifications(
          after.query.bind(after),
          notificationsSample.authors,
        );
      } finally {
        await after.close();
      }
    }
    report.loadEnd = loadAverage();
    report.serverPeakRssMb = peaks.length > 0 ? Math.max(...peaks) : null;

    // Each part its own section of RESULTS.md, so that running one alone leaves the others.
    const sections: { key: string; text: string; shown: string }[] = [];
    if (report.http.length > 0 || report.realtime) {
      const text = renderReport(report);
      sections.push({
        key: `${target.kind}-${report.preset}`,
        text,
        shown: text.split('<details>')[0] ?? '',
      });
    }
    if (notifications) {
      const text = renderNotificationsReport(notifications);
      sections.push({ key: `notifications-${target.kind}-${report.preset}`, text, shown: text });
    }
    if (fanout) {
      sections.push({ key: `fanout-${target.kind}-${report.preset}`, text: fanout, shown: fanout });
    }
    for (const { key, text, shown } of sections) {
      process.stdout.write(`\n${shown}\n`);
      if (!smoke && !values['no-write']) {
        writeResults(path.join(BENCH_DIR, 'RESULTS.md'), key, text);
        process.stdout.write(`Written to bench/RESULTS.md (section ${key}).\n`);
      }
    }
    return smoke ? smokeVerdict(report, notifications, fanoutFailures) : 0;
  } finally {
    if (smokeDir) rmSync(smokeDir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
