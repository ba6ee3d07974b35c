import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

import type { Database } from './database.ts';

const dialect = new PgDialect();

/** A value as the drivers hand it over in a decoded row: timestamps stay PostgreSQL's text. */
export type RawRow = readonly unknown[];

export interface PreparedRows<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * A hand-written statement, rendered once, run as a named prepared statement, and decoded by
 * the caller's function from each row's values in the statement's column order.
 *
 * For the statements on the hottest paths (a feed page): mapping rows into nested objects through
 * Drizzle's generic mapper looks up every column's decoder again on every row, and cost more CPU
 * than the query's own round trip. `decode` knows its columns and does only the work they need.
 * Both drivers (pg and PGlite) give rows as arrays here, with timestamps as text (`timestampOf`).
 */
export function prepareRows<T>(
  db: Database,
  name: string,
  query: SQL,
  decode: (row: RawRow) => T,
): PreparedRows<T> {
  const rendered = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery<{
    execute: T[];
    all: unknown;
    values: unknown;
  }>(rendered, undefined, name, true, (rows) => (rows as RawRow[]).map(decode));
  return { execute: (values) => prepared.execute(values) };
}

const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A `timestamptz` column's text as an ISO 8601 string with milliseconds, the API's form:
 * `2026-11-01 12:00:00.12+00` → `2026-11-01T12:00:00.120Z`. The UTC text PostgreSQL writes for
 * the server's sessions is rewritten directly; any other offset goes through Date.
 */
export function isoTimestampOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') throw new TypeError(`Not a timestamp: ${String(value)}`);
  const utc = UTC_TEXT.exec(value);
  if (!utc) return new Date(value).toISOString();
  const fraction = (utc[3] ?? '').slice(0, 3).padEnd(3, '0');
  return `${utc[1]}T${utc[2]}.${fraction}Z`;
}
