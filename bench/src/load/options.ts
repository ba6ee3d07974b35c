import { parseArgs } from 'node:util';

import { SCENARIOS, USAGE } from './usage.ts';

/** The command line as `node:util`'s parseArgs reads it (usage.ts says what each option does). */
const OPTIONS = {
  connections: { type: 'string' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  users: { type: 'string' },
  sockets: { type: 'string' },
  rate: { type: 'string' },
  'realtime-duration': { type: 'string' },
  'like-rate': { type: 'string' },
  'notifications-warmup': { type: 'string' },
  authors: { type: 'string' },
  'notifications-duration': { type: 'string' },
  'fanout-sockets': { type: 'string' },
  'fanout-followers': { type: 'string' },
  'fanout-online': { type: 'string' },
  mails: { type: 'string' },
  pool: { type: 'string' },
  generator: { type: 'string', default: 'autocannon' },
  'log-level': { type: 'string', default: 'warn' },
  'cpu-prof': { type: 'boolean', default: false },
  port: { type: 'string' },
  fleet: { type: 'boolean', default: false },
  'realtime-bus': { type: 'string', default: 'postgres' },
  'no-write': { type: 'boolean', default: false },
  smoke: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export type BenchValues = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

export type Generator = 'autocannon' | 'wrk';

/**
 * What was asked for, or what to print and the exit code when the command line ends the run
 * here (--help, or a scenario or generator the bench does not know).
 */
export function parseBenchArgs(argv: string[]):
  | { exit: number; text: string }
  | {
      values: BenchValues;
      positionals: string[];
      wanted: string[];
      generator: Generator;
    } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: OPTIONS,
  });
  if (values.help) return { exit: 0, text: `${USAGE}\n` };
  const unknown = positionals.filter((name) => name !== 'all' && !SCENARIOS.includes(name));
  if (unknown.length > 0) {
    return { exit: 2, text: `Unknown scenario: ${unknown.join(', ')}\n\n${USAGE}\n` };
  }
  const generator = values.generator;
  if (generator !== 'autocannon' && generator !== 'wrk') {
    return { exit: 2, text: `Unknown load generator: ${generator}\n\n${USAGE}\n` };
  }
  const wanted = positionals.length === 0 || positionals.includes('all') ? SCENARIOS : positionals;
  return { values, positionals, wanted, generator };
}

function number(value: string | undefined, fallback: number) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Not a positive number: ${value}`);
  return parsed;
}

/** Every figure of the run: the option when given, else the default for a smoke check or a run. */
export function benchSettings(values: BenchValues, { smoke, pg }: { smoke: boolean; pg: boolean }) {
  return {
    connections: number(values.connections, smoke ? 4 : pg ? 32 : 8),
    duration: number(values.duration, smoke ? 2 : 10),
    warmup: values.warmup === '0' ? 0 : number(values.warmup, smoke ? 0.5 : 2),
    users: number(values.users, smoke ? 20 : 200),
    sockets: number(values.sockets, smoke ? 40 : 2000),
    rate: number(values.rate, smoke ? 20 : 200),
    realtimeDuration: number(values['realtime-duration'], smoke ? 3 : 20),
    pool: number(values.pool, 10),
    port: number(values.port, 4390),
    likeRate: number(values['like-rate'], smoke ? 50 : 1000),
    authors: number(values.authors, smoke ? 10 : 100),
    notificationsDuration: number(values['notifications-duration'], smoke ? 2 : 20),
    notificationsWarmup:
      values['notifications-warmup'] === '0'
        ? 0
        : number(values['notifications-warmup'], smoke ? 0.5 : 5),
    mails: number(values.mails, smoke ? 20 : 5000),
    fanoutSockets: number(values['fanout-sockets'], smoke ? 20 : 5000),
    fanoutFollowers: number(values['fanout-followers'], smoke ? 30 : 50_000),
    fanoutOnline: number(values['fanout-online'], smoke ? 10 : 2000),
  };
}
