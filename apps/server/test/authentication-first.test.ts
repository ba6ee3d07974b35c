import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';

import { MATRIX } from './authorization-cases.ts';
import { expectedOf } from './authorization-support.ts';
import { describeEachDatabase } from './harness.ts';
import { type RouteEntry, routeTable } from './route-table.ts';
import { ACTORS } from './security-world.ts';

/**
 * The caller is judged before what they sent: a request to a signed-in route without a valid
 * token is a 401 whatever its body, query or path holds, never the 400 (or 413, 415) that would
 * tell a visitor what the route accepts. Routes that only identify callers judge a token that
 * is sent the same way.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const A_UUID = '00000000-0000-4000-8000-000000000000';
/** Fails every parameter's schema (a UUID, a username of at most 64), within Fastify's 100. */
const BAD_PARAM = 'x'.repeat(90);
const FORGED_TOKEN = { authorization: 'Bearer forged.token.value' };

/** Bodies no route accepts, each refused before the handler by parsing or validation. */
const INVALID_BODIES: { what: string; headers?: Record<string, string>; payload?: string }[] = [
  { what: 'no body at all' },
  { what: 'an empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
  { what: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
  { what: 'a JSON array', headers: { 'content-type': 'application/json' }, payload: '[1,2]' },
  {
    what: 'a NUL character',
    headers: { 'content-type': 'application/json' },
    payload: '{"content":"a\\u0000b","title":"\\u0000"}',
  },
  { what: 'another content type', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  {
    what: 'a multipart body without a boundary',
    headers: { 'content-type': 'multipart/form-data' },
    payload: '--x\r\n\r\n--x--',
  },
  {
    what: 'a body over 1 MB',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ content: 'a'.repeat(1024 * 1024 + 16) }),
  },
];

/**
 * Signed-in routes, as the matrix declares them: visitors get 401, members something else. A
 * route that answers visitors too for some requests (the camps list, whose "my camps" tab alone
 * asks for a session) is a public route: it may judge its query before knowing who asks.
 */
function signedIn(route: RouteEntry): boolean {
  const entries = MATRIX[route.key] ?? [];
  return (
    entries.some(
      (entry) =>
        entry.expect.visitor === 401 &&
        ACTORS.some((actor) => actor !== 'visitor' && expectedOf(entry.expect, actor) !== 401),
    ) &&
    !entries.some((entry) => typeof entry.expect.visitor === 'number' && entry.expect.visitor < 300)
  );
}

/** The route's URL with every parameter filled with `value`. */
function urlOf(route: RouteEntry, value: string): string {
  return route.url
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? value : part))
    .join('/');
}

/** A query string that fails every list's and search's schema (and is ignored elsewhere). */
const INVALID_QUERY = `?limit=0&cursor=${'x'.repeat(400)}&sport=nope&q=&redirectTo=https://evil.test`;

function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode !== 401) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  const { error } = response.json<{ error?: { code?: string; message?: string } }>();
  return error?.code === 'unauthorized' && error.message ? null : `401 ${response.body}`;
}

describeEachDatabase('authentication before validation', (context) => {
  let routes: RouteEntry[];
  const inject = (options: InjectOptions) => context().app.inject(options);

  beforeAll(() => {
    routes = routeTable(context());
  });

  it('answers every signed-in write without a valid token with a 401, whatever its body', async () => {
    const writes = routes.filter((route) => WRITES.has(route.method) && signedIn(route));
    expect(writes.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of writes) {
      for (const url of new Set([urlOf(route, A_UUID), urlOf(route, BAD_PARAM)])) {
        for (const token of [{}, FORGED_TOKEN]) {
          for (const { what, headers, payload } of INVALID_BODIES) {
            const response = await inject({
              method: route.method,
              url,
              headers: { ...token, ...headers },
              ...(payload === undefined ? {} : { payload }),
            });
            const problem = problemWith(response);
            const who = 'authorization' in token ? 'a forged token' : 'no token';
            if (problem) problems.push(`${route.key} (${url}) with ${who}, ${what}: ${problem}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every signed-in read without a valid token with a 401, whatever its query and path', async () => {
    const reads = routes.filter((route) => route.method === 'GET' && signedIn(route));
    expect(reads.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const route of reads) {
      for (const token of [{}, FORGED_TOKEN]) {
        const url = `${urlOf(route, BAD_PARAM)}${INVALID_QUERY}`;
        const problem = problemWith(await inject({ method: 'GET', url, headers: token }));
        if (problem) problems.push(`${route.key} (${url.slice(0, 80)}…): ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('judges a forged token on routes that identify callers before their query and path', async () => {
    // A route identifies its callers when a forged token on a plain request is a 401.
    const identifying: RouteEntry[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && !signedIn(r))) {
      const plain = await inject({
        method: 'GET',
        url: urlOf(route, A_UUID),
        headers: FORGED_TOKEN,
      });
      if (plain.statusCode === 401) identifying.push(route);
    }
    // Offers, a post, a profile and its lists, discovery, search…
    expect(identifying.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const route of identifying) {
      const url = `${urlOf(route, BAD_PARAM)}${INVALID_QUERY}`;
      const problem = problemWith(await inject({ method: 'GET', url, headers: FORGED_TOKEN }));
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
