import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';

import { MATRIX } from './authorization-cases.ts';
import { cursorPositionSchema } from '@arena/shared/pagination.schema';
import { campCursorSchema } from '../src/modules/camps/camp-view.ts';
import {
  hostileBody,
  hostileCursor,
  hostileQuery,
  hostileSegment,
  percentEncode,
  type RawBody,
} from './fuzz-arbitraries.ts';
import { describeEachDatabase } from './harness.ts';
import { changes, type RouteEntry, routeTable, storedState } from './route-table.ts';
import {
  ADMIN_EMAIL,
  type Actor,
  type ApiRequest,
  seedWorld,
  type World,
} from './security-world.ts';

/**
 * Property-based fuzzing of every route in the route table: hostile bodies for every write,
 * hostile query strings for every read, hostile path parameters everywhere. Whatever comes in,
 * the answer is never a 5xx; a refusal is a 4xx in the error handler's shape and stores
 * nothing; an acceptance only happens for input the route's own schema accepts.
 */

const BODY_RUNS = 40;
const QUERY_RUNS = 12;
const PARAM_RUNS = 12;
const CURSOR_RUNS = 25;

/** Refusals that rightly leave a trace: a failed sign-in is counted against the account. */
const REFUSALS_THAT_WRITE: Record<string, string[]> = {
  'POST /api/auth/sign-in': ['table sign_in_failures'],
  // A wrong current password is counted against the account (the fuzzer's valid body changes
  // the password once; sent again, its current password is wrong).
  'POST /api/auth/password/change': ['table account_attempts'],
  // Deleting the account asks for the password, and a wrong one is counted the same way.
  'POST /api/me/account-deletion': ['table account_attempts'],
  // Wrong second-factor and recovery codes are counted, to pause guessing.
  'POST /api/auth/factors/:factorId/verify': ['table mfa_failures'],
  'POST /api/auth/recovery-codes/verify': ['table mfa_failures'],
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Each property walks every route; a slow machine needs more than the default. */
const TIMEOUT = { timeout: 600_000 };

interface Target {
  route: RouteEntry;
  actor: Actor;
  base: ApiRequest;
}

function isErrorBody(response: LightMyRequestResponse): boolean {
  try {
    const { error } = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    return typeof error?.code === 'string' && typeof error.message === 'string' && !!error.message;
  } catch {
    return false;
  }
}

function zodSchema(schema: unknown): z.ZodType | undefined {
  return schema && typeof (schema as z.ZodType).safeParse === 'function'
    ? (schema as z.ZodType)
    : undefined;
}

/** Would the route's own body schema accept this raw JSON? */
function schemaAccepts(route: RouteEntry, raw: RawBody): boolean {
  const schema = zodSchema(route.route.schema?.body);
  if (!schema) return true;
  try {
    // Fastify's parser (secure-json-parse) drops a leading byte order mark, as JSON.parse does not.
    return schema.safeParse(JSON.parse(String(raw.body).replace(/^\uFEFF/, ''))).success;
  } catch {
    return false;
  }
}

/**
 * Admin routes outside `/api/admin/` (the moderation queue's), and scout search and saved
 * searches (verified organisations and admins).
 */
const ADMIN_ROUTES = new Set([
  'GET /api/scout/athletes',
  'GET /api/scout/saved-searches',
  'POST /api/scout/saved-searches',
  'PATCH /api/scout/saved-searches/:id',
  'DELETE /api/scout/saved-searches/:id',
  'GET /api/moderation/cases',
  'GET /api/moderation/cases/:id',
  'POST /api/moderation/cases/:id/actions',
  'POST /api/moderation/appeals/:id',
  'GET /api/moderation/audit',
  // A camp's registrations: its organiser and admins.
  'GET /api/camps/:id/registrations',
]);

/**
 * Lists not ordered by (created_at, id), whose cursor is their own, with the form of a position
 * of theirs (null: the moderation queue's and scout search's, which no hostile cursor takes).
 */
const OWN_CURSORS = new Map<string, z.ZodType | null>([
  ['GET /api/moderation/cases', null],
  ['GET /api/scout/athletes', null],
  // By start or end day and id (camp-view.ts): ["2020-01-01", <uuid>] is one.
  ['GET /api/camps', campCursorSchema],
]);

/** Does this cursor stand for a position the server could have written (in `schema`'s form)? */
function isPosition(cursor: string, schema: z.ZodType = cursorPositionSchema): boolean {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/** Whether a list takes this cursor as one of its positions. */
function takes(routeKey: string, cursor: string): boolean {
  if (!OWN_CURSORS.has(routeKey)) return isPosition(cursor);
  const own = OWN_CURSORS.get(routeKey);
  return own ? isPosition(cursor, own) : false;
}

function queryKeys(route: RouteEntry): string[] {
  const schema = route.route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  return schema?.shape ? Object.keys(schema.shape) : [];
}

/** The URL with the parameter at `index` (a `:name` or `*` segment of the pattern) replaced. */
function withSegment(route: RouteEntry, url: string, index: number, value: string): string {
  const [path = '', query] = url.split('?');
  const pattern = route.url.split('/');
  const parts = path.split('/');
  const positions = pattern.flatMap((part, i) => (part.startsWith(':') || part === '*' ? [i] : []));
  const at = positions[index % positions.length]!;
  // A wildcard stands for the rest of the path.
  const replaced = pattern[at] === '*' ? [...parts.slice(0, at), value] : parts.with(at, value);
  return `${replaced.join('/')}${query ? `?${query}` : ''}`;
}

describeEachDatabase(
  'fuzzing every route',
  (context) => {
    let world: World;
    let targets: Target[];
    let state: Record<string, string>;

    beforeAll(async () => {
      world = await seedWorld(context());
      targets = [];
      for (const route of routeTable(context())) {
        const entry = MATRIX[route.key]?.[0];
        if (!entry) continue;
        // As a normal user; the admin's routes as the admin, so the input reaches the service.
        const actor: Actor =
          route.url.startsWith('/api/admin/') || ADMIN_ROUTES.has(route.key) ? 'admin' : 'player';
        const prepared = (await entry.prepare?.(world)) ?? {};
        const base = entry.request?.(world, actor, prepared) ?? {
          method: 'GET' as const,
          url: route.url,
        };
        targets.push({ route, actor, base });
      }
      state = await storedState(context());
    });

    /** Sends one hostile request and checks the answer and what is stored. */
    async function probe(target: Target, request: ApiRequest, what: string, raw?: RawBody) {
      const response = await world.as(target.actor, request);
      const label = `${target.route.key} ← ${what}: ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, label).toBeLessThan(500);
      const after = await storedState(context());
      const changed = changes(state, after);
      state = after;
      if (response.statusCode >= 400) {
        expect(isErrorBody(response), `${label}: not the error shape`).toBe(true);
        const allowed = REFUSALS_THAT_WRITE[target.route.key] ?? [];
        expect(
          changed.filter((key) => !allowed.includes(key)),
          `${label}: a refusal changed what is stored`,
        ).toEqual([]);
      } else if (request.method === 'GET') {
        expect(changed, `${label}: a read changed what is stored`).toEqual([]);
      } else if (raw) {
        expect(schemaAccepts(target.route, raw), `${label}: accepted what its schema refuses`).toBe(
          true,
        );
      }
      expect(
        (Object.prototype as Record<string, unknown>).polluted,
        'Object.prototype was polluted',
      ).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      return response;
    }

    it('refuses what fuzzing once turned into a 500, with a 400 in the error shape', async () => {
      const player = world.users.player;
      const cases: { what: string; request: ApiRequest; message?: string }[] = [
        {
          what: 'a NUL character in a JSON body',
          request: {
            method: 'PATCH',
            url: '/api/me/cv/athlete',
            payload: { aboutPlayer: 'a\u0000b' },
          },
        },
        {
          what: 'two lone surrogates in a JSON body',
          request: {
            method: 'POST',
            url: '/api/me/cv/awards',
            headers: { 'content-type': 'application/json' },
            payload: '{"title":"\\udfff\\udc00"}',
          },
        },
        {
          what: 'a NUL character in a path parameter',
          request: { method: 'DELETE', url: '/api/profiles/%00/follow' },
        },
        {
          what: 'a NUL character in a query string',
          request: { method: 'GET', url: '/api/people/search?q=ab%00' },
        },
        {
          what: 'a path that does not decode',
          request: { method: 'GET', url: '/api/profiles/%C0%80' },
        },
        {
          what: 'a multipart body without a boundary',
          request: {
            method: 'POST',
            url: '/api/cv-uploads',
            headers: { 'content-type': 'multipart/form-data' },
            payload: '--x\r\n\r\n--x--',
          },
        },
        {
          what: 'a multipart body cut off inside the file',
          request: {
            method: 'POST',
            url: '/api/media',
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
            payload:
              '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
          },
        },
        {
          what: 'a plain HTTP request to the WebSocket address',
          request: { method: 'GET', url: '/api/realtime' },
        },
      ];
      for (const { what, request } of cases) {
        const response = await context().app.inject({
          ...request,
          headers: { ...player.bearer, ...request.headers },
        });
        expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
        expect(isErrorBody(response), what).toBe(true);
      }
    });

    it('has a target for every route of the route table', () => {
      expect(
        routeTable(context())
          .map((route) => route.key)
          .filter((key) => !targets.some((target) => target.route.key === key)),
      ).toEqual([]);
    });

    // Before the hostile bodies: a body that happens to be valid is a real write (a new username,
    // a block, a suspension) and may leave a list's base request without its page.
    it(
      'answers forged cursors on every paged read with a 400, and real positions with a page',
      TIMEOUT,
      async () => {
        const paged = targets.filter(
          (t) => t.route.method === 'GET' && queryKeys(t.route).includes('cursor'),
        );
        // Offers, feed, discover, a profile's posts, followers and following, comments,
        // messages, verification requests.
        expect(paged.length).toBeGreaterThanOrEqual(9);
        for (const target of paged) {
          const base = await world.as(target.actor, target.base);
          expect(base.statusCode, `${target.route.key}: ${base.body}`).toBe(200);
          const url = `${target.base.url}${target.base.url.includes('?') ? '&' : '?'}cursor=`;
          await fc.assert(
            fc.asyncProperty(hostileCursor, async (cursor) => {
              const response = await probe(
                target,
                { method: 'GET', url: `${url}${percentEncode(cursor)}` },
                `cursor ${cursor.slice(0, 200)}`,
              );
              // No cursor at all is the first page.
              expect(response.statusCode, `${target.route.key} ← cursor ${cursor}`).toBe(
                cursor === '' || takes(target.route.key, cursor) ? 200 : 400,
              );
            }),
            { numRuns: CURSOR_RUNS, endOnFailure: true },
          );
        }
      },
    );

    it('answers hostile bodies on every write with a 4xx and stores nothing', TIMEOUT, async () => {
      for (const target of targets.filter((t) => WRITES.has(t.route.method))) {
        const payload = target.base.payload;
        // The valid request's other headers (a refresh cookie) go along; its content type does not.
        const { 'content-type': _type, ...headers } = target.base.headers ?? {};
        const valid =
          payload && typeof payload === 'object' && !Buffer.isBuffer(payload)
            ? (payload as Record<string, unknown>)
            : undefined;
        await fc.assert(
          fc.asyncProperty(hostileBody(valid), async (raw) => {
            await probe(
              target,
              {
                method: target.base.method,
                url: target.base.url,
                headers: { ...headers, 'content-type': raw.contentType },
                payload: raw.body,
              },
              `${raw.kind}: ${String(raw.body).slice(0, 200)}`,
              raw,
            );
          }),
          { numRuns: BODY_RUNS, endOnFailure: true },
        );
      }
    });

    it(
      'answers hostile query strings on every read without a 5xx or a write',
      TIMEOUT,
      async () => {
        for (const target of targets.filter((t) => t.route.method === 'GET')) {
          const path = target.base.url.split('?')[0]!;
          await fc.assert(
            fc.asyncProperty(hostileQuery(queryKeys(target.route)), async (query) => {
              await probe(target, { method: 'GET', url: `${path}?${query}` }, `?${query}`);
            }),
            { numRuns: QUERY_RUNS, endOnFailure: true },
          );
        }
      },
    );

    it(
      'answers hostile path parameters without a 5xx, and refusals store nothing',
      TIMEOUT,
      async () => {
        for (const target of targets.filter((t) => /[:*]/.test(t.route.url))) {
          await fc.assert(
            fc.asyncProperty(hostileSegment, fc.nat(), async (segment, index) => {
              const url = withSegment(target.route, target.base.url, index, segment);
              await probe(
                target,
                {
                  method: target.base.method,
                  url,
                  ...(WRITES.has(target.base.method) ? { payload: target.base.payload } : {}),
                  ...(target.base.headers ? { headers: target.base.headers } : {}),
                },
                url.slice(0, 300),
              );
            }),
            { numRuns: PARAM_RUNS, endOnFailure: true },
          );
        }
      },
    );
  },
  { adminEmails: [ADMIN_EMAIL] },
);
