import type { Plan } from './plan.ts';
import { messagingTables, offerTables, postTables } from './tables-content.ts';
import { peopleTables } from './tables-people.ts';

/** One table's rows, as COPY text lines, in the order they are loaded. */
export interface TableLoad {
  table: string;
  columns: string[];
  rows: () => Iterable<string>;
  /**
   * A statement run right after the table's COPY, in the same transaction: for a column a
   * trigger writes from the clock, which the seed's rows cannot give.
   */
  afterCopy?: string;
}

/** Every table the seed fills, parents before children, so foreign keys hold at every step. */
export function tableLoads(plan: Plan, passwordHash: string): TableLoad[] {
  return [
    ...peopleTables(plan, passwordHash),
    ...postTables(plan),
    ...messagingTables(plan),
    ...offerTables(plan),
  ];
}
