import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { HttpResult, HttpRunOptions } from './http-run.ts';
import { type HttpScenario, type ScenarioContext, wireRequest } from './http-scenarios.ts';

/**
 * The same closed loop as `runHttp`, driven by wrk (Debian's `wrk` package), a load generator
 * written in C. Both share the machine's cores with the server and the database; on two cores
 * autocannon's own CPU a request (0.11–0.16 ms on the feed) is a fifth of what the server
 * spends, wrk's about a twentieth, so wrk measures more of the server and less of the bench.
 */

/** How many of a scenario's requests are written into the script; wrk cycles through them. */
const REQUESTS_IN_SCRIPT = 4096;

/** The marker before the one line of JSON the script's `done` prints. */
const MARKER = 'ARENA-WRK-RESULT ';

/** Whether wrk is on PATH; the reason when it is not. */
export function wrkRefusal(): string | null {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error) {
    return '--generator wrk needs wrk on PATH (Debian: apt-get install wrk).';
  }
  return null;
}

/** A Lua string literal for any text: printable ASCII as it is, every other byte as \ddd. */
export function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** The script: the scenario's requests in order, and `done` printing the figures as JSON. */
export function wrkScript(scenario: HttpScenario, context: ScenarioContext, count: number) {
  const specs: string[] = [];
  for (let k = 0; k < count; k++) {
    const { method, path: target, headers, body } = wireRequest(scenario.request(context, k));
    const table = Object.entries(headers)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ');
    specs.push(
      `{ ${luaString(method)}, ${luaString(target)}, { ${table} }, ${body === undefined ? 'nil' : luaString(body)} }`,
    );
  }
  return `local specs = {
${specs.join(',\n')}
}
local requests = {}
local i = 0

function init(args)
  for n, spec in ipairs(specs) do
    requests[n] = wrk.format(spec[1], spec[2], spec[3], spec[4])
  end
end

function request()
  i = i % #requests + 1
  return requests[i]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '${MARKER}{"requests":%d,"durationUs":%d,"p50":%d,"p975":%d,"p99":%d,"max":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(97.5), latency:percentile(99), latency.max,
    e.status, e.connect, e.read, e.write, e.timeout))
end
`;
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  p50: number;
  p975: number;
  p99: number;
  max: number;
  status: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
}

/** The figures `done` printed, as `runHttp` reports them (latencies in ms). */
export function parseWrkOutput(output: string): HttpResult {
  const line = output.split('\n').find((l) => l.startsWith(MARKER));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const f = JSON.parse(line.slice(MARKER.length)) as WrkFigures;
  const ms = (us: number) => us / 1000;
  return {
    requests: f.requests,
    perSecond: f.durationUs > 0 ? f.requests / (f.durationUs / 1e6) : 0,
    p50: ms(f.p50),
    p975: ms(f.p975),
    p99: ms(f.p99),
    max: ms(f.max),
    // wrk counts answers of 400 and up, without telling them apart.
    non2xx: f.status,
    statuses: f.status > 0 ? { '4xx/5xx': f.status } : {},
    errors: f.connect + f.read + f.write + f.timeout,
    timeouts: f.timeout,
  };
}

/** Runs one scenario with wrk: one thread, `connections` keep-alive connections, whole seconds. */
export async function runWrk(
  scenario: HttpScenario,
  context: ScenarioContext,
  options: HttpRunOptions,
): Promise<HttpResult> {
  if (options.rate !== undefined) throw new Error('wrk runs closed loops only (no --rate)');
  await scenario.prepare?.(context);
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-wrk-'));
  try {
    const script = path.join(dir, `${scenario.name}.lua`);
    writeFileSync(script, wrkScript(scenario, context, REQUESTS_IN_SCRIPT));
    const seconds = Math.max(1, Math.round(options.durationSeconds));
    const args = ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '10s'];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', [...args, '-s', script, context.url], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`)),
      );
    });
    return parseWrkOutput(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
