import { vi } from 'vitest';

import type { Executor } from '../../src/db/database.ts';
import type { Transaction } from '../../src/db/transaction.ts';

/**
 * A stand-in for a dependency (a repository, a service) in a unit test: only the methods the test
 * provides exist. Calling any other one fails the test with the method's name, so a fake never
 * answers `undefined` for a call the test did not expect.
 */
export function fakeOf<T extends object>(partial: Partial<T> = {}, name = 'fake'): T {
  return new Proxy(partial, {
    get(target, property, receiver) {
      if (property in target) return Reflect.get(target, property, receiver) as unknown;
      // Awaiting or inspecting the fake must not count as calling something.
      if (typeof property === 'symbol' || property === 'then' || property === 'toJSON')
        return undefined;
      return () => {
        throw new Error(`${name}.${property}() was called but the test did not provide it`);
      };
    },
  }) as T;
}

/** The transaction handle a fake `transaction` passes to the work it runs. */
export const TX = { transaction: 'fake' } as unknown as Executor;

/**
 * A repository's `transaction` for unit tests: runs the work at once with `TX`. There is no
 * rollback: a test of a refusal asserts that the writes were never called.
 */
export function fakeTransaction(): Transaction {
  const run: Transaction = (work) => work(TX);
  return vi.fn(run) as Transaction;
}
