import type { Plan } from './plan.ts';
import { messagingTables, offerTables, postTables } from './tables-content.ts';
import { listingTables } from './tables-listings.ts';
import { peopleTables } from './tables-people.ts';

/** One table's rows, as COPY text lines, in the order they are loaded. */
export interface TableLoad {
  table: string;
  columns: string[];
  rows: () => Iterable<string>;
  /**
   * A statement run once every table is loaded and indexed, in the same transaction, while the
   * tables' own triggers are still off: for the columns the database's triggers keep (row by row,
   * a trigger that reads other tables would make the load quadratic).
   */
  afterLoad?: string;
}

/** Every table the seed fills, parents before children, so foreign keys hold at every step. */
export function tableLoads(plan: Plan, passwordHash: string): TableLoad[] {
  return [
    ...peopleTables(plan, passwordHash),
    ...postTables(plan),
    ...messagingTables(plan),
    ...offerTables(plan),
    ...listingTables(plan),
  ];
}
