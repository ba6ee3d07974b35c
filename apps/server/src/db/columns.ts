import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every table shares. */
export const id = () => uuid('id').primaryKey().defaultRandom();
/**
 * Timestamps keep milliseconds, as JavaScript dates do, so a pagination cursor built from a
 * row's time compares exactly equal to it.
 */
export const timestampTz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** `column IN ('a', 'b')` for a CHECK constraint built from a shared enumeration. */
export function oneOf(column: string, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql.raw(`${column} IN (${list})`);
}

/** `column <@ ARRAY['a', 'b']`: every element of an array column is one of the values. */
export function allOf(column: string, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql.raw(`${column} <@ ARRAY[${list}]::text[]`);
}

/**
 * An index column that serves `ORDER BY column DESC`. Drizzle's `.desc()` alone writes
 * `DESC NULLS LAST`, and PostgreSQL cannot read such an index for `ORDER BY … DESC` (which
 * means NULLS FIRST): every newest-first list would read and sort its whole table.
 */
export function descending(column: ExtraConfigColumn) {
  return column.desc().nullsFirst();
}
