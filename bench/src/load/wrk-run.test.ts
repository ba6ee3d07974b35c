import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HttpScenario, ScenarioContext } from './http-scenarios.ts';
import type { BenchSample } from './sample.ts';
import type { Session } from './sessions.ts';
import { luaString, parseWrkOutput, runWrk, wrkRefusal } from './wrk-run.ts';

const sessions: Session[] = Array.from({ length: 5 }, (_, n) => ({
  user: { email: `m${n}@x.test`, userId: `u${n}`, profileId: `p${n}`, username: `m${n}` },
  token: `token-${n}`,
  ip: `10.0.0.${n + 1}`,
  signedInAt: Date.now(),
}));

// A body with what a Lua literal must escape: quotes, backslashes, a newline, non-ASCII.
const BODY = { content: 'He said "go" \\ then\nleft — São Paulo, 5⚽', k: 0 };

/** Every third request goes to a path that does not exist (404); the others post a body. */
const scenario: HttpScenario = {
  name: 'wrk-test',
  title: 'wrk test',
  write: true,
  request: (_context, k) =>
    k % 3 === 2
      ? { method: 'GET', path: '/missing', session: sessions[k % 5] as Session }
      : { method: 'POST', path: `/echo?k=${k}`, session: sessions[k % 5] as Session, body: BODY },
};

describe('luaString', () => {
  it('leaves printable ASCII and escapes quotes, backslashes and every other byte', () => {
    expect(luaString('a b')).toBe('"a b"');
    expect(luaString('"\\\n')).toBe('"\\034\\092\\010"');
    expect(luaString('é1')).toBe('"\\195\\1691"');
  });
});

describe('parseWrkOutput', () => {
  it('reads the line the script prints and refuses output without it', () => {
    const result = parseWrkOutput(
      'Running 1s test\nARENA-WRK-RESULT {"requests":500,"durationUs":2000000,"p50":1500,"p975":4000,"p99":5250,"max":9000,"status":7,"connect":1,"read":2,"write":0,"timeout":3}\n',
    );
    expect(result).toMatchObject({ requests: 500, perSecond: 250, p50: 1.5, p99: 5.25 });
    expect(result).toMatchObject({ max: 9, non2xx: 7, errors: 6, timeouts: 3 });
    expect(result.statuses).toEqual({ '4xx/5xx': 7 });
    expect(() => parseWrkOutput('wrk: bad option')).toThrow(/no result/);
  });
});

// CI installs Debian's wrk (.ci/run); elsewhere the run is skipped when it is missing.
describe.skipIf(wrkRefusal() !== null)('runWrk', () => {
  let server: Server;
  const tokens = new Set<string>();
  const addresses = new Set<string>();
  const bodies: unknown[] = [];
  let notFound = 0;
  let answered = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      tokens.add(String(request.headers.authorization));
      addresses.add(String(request.headers['x-forwarded-for']));
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        answered++;
        if (request.url === '/missing') {
          notFound++;
          response.writeHead(404).end();
          return;
        }
        if (bodies.length < 20) bodies.push(JSON.parse(text));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the scenario's requests in turn and reports what came back", async () => {
    const { port } = server.address() as AddressInfo;
    const context: ScenarioContext = {
      url: `http://127.0.0.1:${port}`,
      sample: {} as BenchSample,
      sessions,
    };
    const result = await runWrk(scenario, context, { connections: 2, durationSeconds: 1 });

    expect(result.requests).toBeGreaterThan(30);
    // Requests cut off at the end may reach the server without their answer reaching wrk.
    expect(answered).toBeGreaterThanOrEqual(result.requests);
    expect(answered - result.requests).toBeLessThanOrEqual(2);
    expect(result.non2xx).toBeGreaterThan(0);
    expect(Math.abs(result.non2xx - notFound)).toBeLessThanOrEqual(2);
    expect(result.errors).toBe(0);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect([...tokens].sort()).toEqual(sessions.map((s) => `Bearer ${s.token}`).sort());
    expect([...addresses].sort()).toEqual(sessions.map((s) => s.ip).sort());
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toEqual(BODY);
  });
});
