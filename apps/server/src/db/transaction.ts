import type { Database, Executor } from './database.ts';

/** Runs `work` in a transaction, handing it the transaction to pass to a repository's writes. */
export type Transaction = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

/** The `transaction` a repository offers its service: the service never holds the database. */
export function transactionOn(db: Database): Transaction {
  return (work) => db.transaction(work);
}
