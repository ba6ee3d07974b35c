import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every table shares. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `column IN ('a', 'b')` for a CHECK constraint built from a shared enumeration. */
export function oneOf(column: string, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql.raw(`${column} IN (${list})`);
}
