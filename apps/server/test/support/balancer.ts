import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { freePort } from '../live/server-process.ts';

/** Where `haproxy` is on PATH (Debian puts it in /usr/sbin), or null. */
export function findHaproxy(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'haproxy');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The balancer's configuration: round robin over the instances, WebSockets passed through
 * (`timeout tunnel` lets an upgraded connection stay idle past the HTTP timeouts), each instance
 * checked on `/api/ready` every 500 ms (two failures take it out, two successes bring it back),
 * a request whose connection to an instance fails sent to another (`redispatch`), and the
 * client's address forwarded (`X-Forwarded-For`, for TRUST_PROXY). Stats as CSV on their own port.
 */
function haproxyConfig(options: {
  port: number;
  statsPort: number;
  instances: { name: string; port: number }[];
  maxConnections: number;
}): string {
  return `global
  nbthread 1
  maxconn ${options.maxConnections}

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout tunnel 1h
  timeout check 3s
  option forwardfor
  option redispatch
  retries 3

frontend arena
  bind 127.0.0.1:${options.port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server check inter 500ms fall 2 rise 2
${options.instances.map(({ name, port }) => `  server ${name} 127.0.0.1:${port}`).join('\n')}

listen stats
  bind 127.0.0.1:${options.statsPort}
  stats enable
  stats uri /stats
`;
}

export interface Balancer {
  base: string;
  /** Each instance's state as HAProxy sees it: UP, DOWN, … */
  states(): Promise<Record<string, string>>;
  /** Waits until HAProxy sees `instance` in `state`; throws with what it saw after `ms`. */
  waitFor(instance: string, state: 'UP' | 'DOWN', ms?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts HAProxy in the foreground with a configuration written to `dir`. `maxConnections` counts
 * open WebSockets too: a load test with thousands of sockets needs more than the default.
 */
export async function startBalancer(
  haproxy: string,
  dir: string,
  instances: { name: string; port: number }[],
  { maxConnections = 2000 }: { maxConnections?: number } = {},
): Promise<Balancer> {
  const port = await freePort();
  const statsPort = await freePort();
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ port, statsPort, instances, maxConnections }));
  const check = spawnSync(haproxy, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
  }
  const child = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [proxy, name, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
    const found: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[proxy!] === 'instances' && cells[name!] !== 'BACKEND')
        found[cells[name!]!] = cells[status!] ?? '';
    }
    return found;
  };

  const balancer: Balancer = {
    base: `http://127.0.0.1:${port}`,
    states,
    async waitFor(instance, state, ms = 20_000) {
      const until = Date.now() + ms;
      let seen: Record<string, string> = {};
      while (Date.now() < until) {
        if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
        seen = await states().catch(() => ({}));
        // "UP 1/2" while rising, "DOWN 1/2" while falling: only the settled state counts.
        if (seen[instance] === state) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${instance} is not ${state} after ${ms} ms: ${JSON.stringify(seen)}`);
    },
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await ended(child);
    },
  };
  return balancer;
}
