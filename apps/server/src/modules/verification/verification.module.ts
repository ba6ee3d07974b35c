import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createVerificationRepository } from './verification.repository.ts';
import { verificationRoutes } from './verification.routes.ts';
import { createVerificationService } from './verification.service.ts';

/** Asking to be verified, and admins' review (`/api/me/verification`, `/api/admin/verification-requests`). */
export async function registerVerification(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; guards: Guards; notifications: NotificationsService },
) {
  const { database, guards } = deps;
  const verification = createVerificationService(
    createVerificationRepository(database.db),
    createAdminGate(createAdminRepository(database.db)),
    deps.notifications,
  );
  await app.register(verificationRoutes, { prefix: '/api', ...guards, verification });
}
