import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle, Executor } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAccountRepository } from '../auth/account.repository.ts';
import { createAttemptLimits } from '../auth/attempt-limits.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createAccountDeletionRepository } from './account-deletion.repository.ts';
import { accountDataRoutes } from './account-data.routes.ts';
import { createAccountDataService } from './account-data.service.ts';
import { createAccountExportRepository } from './account-export.repository.ts';

/** Download my data and delete my account (`/api/me/data-export`, `/api/me/account-deletion`). */
export async function registerAccountData(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    storage: FileStorage;
    guards: Guards;
    revocations: SessionRevocations;
    secureCookies: boolean;
    /** Camps free the member's places in the deletion's transaction. */
    onErase?: (tx: Executor, userId: string) => Promise<() => Promise<void>>;
  },
) {
  const { database, storage, guards, revocations, secureCookies } = deps;
  const accountData = createAccountDataService({
    exports: createAccountExportRepository(database.db),
    deletion: createAccountDeletionRepository(database.db),
    storage,
    limits: createAttemptLimits(createAccountRepository(database.db)),
    revocations,
    onError: (error) => app.log.error({ err: error }, 'account data'),
    onErase: deps.onErase,
  });
  await app.register(accountDataRoutes, {
    prefix: '/api',
    ...guards,
    accountData,
    secureCookies,
  });
  return accountData;
}
