import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import type { Signer } from '../auth/signing-keys.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { createGuardiansRepository } from './guardians.repository.ts';
import { guardiansRoutes } from './guardians.routes.ts';
import { createGuardiansService } from './guardians.service.ts';

/**
 * An under-18 athlete's guardian (`/api/me/guardian`, `/api/guardians/confirm`). Returns the
 * service: Settings shows its state, messaging and offers tell it of messages and applications.
 */
export async function registerGuardians(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    guards: Guards;
    signer: Signer;
    mail: MailQueue;
    publicUrl: string;
  },
) {
  const guardians = createGuardiansService({
    repo: createGuardiansRepository(deps.database.db),
    signer: deps.signer,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
  });
  await app.register(guardiansRoutes, { prefix: '/api', ...deps.guards, guardians });
  return guardians;
}
