import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('../../../apps/server/', import.meta.url));

export interface ServerOptions {
  port: number;
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize: number;
  logLevel: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags: string[];
  /** Extra environment, e.g. REALTIME_BUS for a fleet. */
  env?: Record<string, string>;
}

/** The API server under test, in its own process, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Forgets the peak so far: the next `peakRssBytes` covers only what follows. */
  resetPeak(): void;
  /** The highest resident memory since start or the last reset (VmHWM), in bytes. */
  peakRssBytes(): number;
  rssBytes(): number;
  /** The end of what the server printed, for when something goes wrong. */
  logTail(): string;
  stop(): Promise<void>;
}

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Peak memory of any process of ours, e.g. a server the bench did not start. */
export function watchMemory(pid: number): Pick<ServerProcess, 'resetPeak' | 'peakRssBytes'> {
  return {
    resetPeak() {
      // Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM).
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        // Without permission the peak stays the lifetime peak, still an upper bound.
      }
    },
    peakRssBytes: () => statusField(pid, 'VmHWM'),
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within 2 minutes:\n${output()}`);
}

async function portAnswers(url: string) {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  // Another server on the port would answer in place of ours.
  if (await portAnswers(url)) {
    throw new Error(`Something already answers on port ${options.port}; pick another with --port.`);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: options.logLevel,
    // Many members on one machine: per-IP limits stay on, counted per simulated client address.
    RATE_LIMITS: 'relaxed',
    TRUST_PROXY: 'true',
    DATABASE_POOL_SIZE: String(options.poolSize),
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.dataDir) env.DATA_DIR = options.dataDir;

  // node itself (not a wrapper script), so the pid is the server's and its memory is what we read.
  const child = spawn(process.execPath, [...options.nodeFlags, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server could not be started');
  // If the bench dies, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    url,
    pid,
    ...watchMemory(pid),
    rssBytes: () => statusField(pid, 'VmRSS'),
    logTail: () => output.slice(-4000),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
