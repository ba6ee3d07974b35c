import { drizzle } from 'drizzle-orm/pg-proxy';

import type { Database } from '@arena/server/src/db/database.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The SQL a piece of server code sends, without running it: the repository runs against a
 * driver that records each statement and answers with no rows. Whatever the code does with the
 * empty answer afterwards does not matter here.
 */
export async function captureSql(work: (db: Database) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = drizzle(async (text, params) => {
    statements.push({ text, params });
    return { rows: [] };
  });
  try {
    await work(db);
  } catch {
    // The code choked on the empty answer after its query was recorded.
  }
  return statements;
}
