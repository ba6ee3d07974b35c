import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';

import { selectRows } from '../src/db/database.ts';
import type { TestContext } from './harness.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteEntry {
  /** `METHOD /url` with Fastify's parameter syntax, e.g. `DELETE /api/posts/:id`. */
  key: string;
  method: HttpMethod;
  url: string;
  route: RouteOptions;
}

/**
 * Every route the app registered, one entry per method. The HEAD twin Fastify adds to each GET
 * is left out (it runs the GET's handler, and the matrix sends HEAD beside every GET); a HEAD
 * route of its own would be listed.
 */
export function routeTable(context: TestContext): RouteEntry[] {
  const entries = new Map<string, RouteEntry>();
  const gets = new Set<string>();
  const heads: RouteOptions[] = [];
  if (!context.routes) throw new Error('this context did not record its routes');
  for (const route of context.routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') {
        heads.push(route);
        continue;
      }
      if (method === 'GET') gets.add(route.url);
      const key = `${method} ${route.url}`;
      entries.set(key, { key, method: method as HttpMethod, url: route.url, route });
    }
  }
  for (const route of heads) {
    // A prefixed plugin's `/` route answers with and without the slash; its GET is listed once.
    if (!gets.has(route.url) && !gets.has(`${route.url}/`)) {
      const key = `HEAD ${route.url}`;
      entries.set(key, { key, method: 'HEAD' as HttpMethod, url: route.url, route });
    }
  }
  return [...entries.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * A fingerprint of everything stored: each table's row count and a hash of its rows, and the
 * list of files on disk. Two equal fingerprints mean nothing was written, changed or deleted.
 */
/**
 * What the job queue writes in the background, whatever request came before, is no change a
 * request made: the record of mails sent (left out), and a notification's delivery bookkeeping
 * (only the columns a request sets are compared).
 */
const BACKGROUND_COLUMNS: Record<string, string | null> = {
  sent_mails: null,
  notifications:
    "concat_ws(',', t.id, t.recipient_id, t.group_key, t.actor_ids, t.actor_count, t.unseen, t.read_at)",
};

export async function storedState(context: TestContext): Promise<Record<string, string>> {
  const tables = await selectRows<{ name: string }>(
    context.database.db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const state: Record<string, string> = {};
  const watched = tables.filter(
    ({ name }) => !(name in BACKGROUND_COLUMNS) || BACKGROUND_COLUMNS[name],
  );
  if (watched.length > 0) {
    const parts = watched.map(({ name }) => {
      const row = BACKGROUND_COLUMNS[name] ?? 't::text';
      return `SELECT '${name}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS digest FROM "${name}" t`;
    });
    const rows = await selectRows<{ name: string; digest: string }>(
      context.database.db,
      sql.raw(parts.join(' UNION ALL ')),
    );
    for (const row of rows) state[`table ${row.name}`] = row.digest;
  }
  state.files = (await listFiles(path.join(context.dataDir, 'storage'))).join('\n');
  return state;
}

/** Each file under `root` with its size and time of last change. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const full = path.join(entry.parentPath, entry.name);
        const info = await stat(full).catch(() => null);
        return `${path.relative(root, full)} ${info?.size ?? '?'} ${info?.mtimeMs ?? '?'}`;
      }),
  );
  return files.sort();
}

/** The tables and files that differ between two fingerprints. */
export function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]).sort();
}
