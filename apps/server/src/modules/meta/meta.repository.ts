import { sql } from 'drizzle-orm';

import type { Database } from '../../db/database.ts';

export type MetaRepository = ReturnType<typeof createMetaRepository>;

export function createMetaRepository(db: Database) {
  return {
    /** Answers once the database has run a statement: the health check's reachability. */
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
  };
}
