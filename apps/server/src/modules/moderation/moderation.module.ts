import type { FastifyInstance } from 'fastify';

import { AVATAR_WIDTHS, hasAvatarVariants } from '@arena/shared/image-variants';

import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Guards } from '../../http/guards.ts';
import { createAdminGate } from '../admin/admin-gate.ts';
import { createAdminRepository } from '../admin/admin.repository.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { removeWithVariants } from '../media/image-files.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createServerKeysRepository } from '../notifications/server-keys.repository.ts';
import { ownAvatarKey } from '../profiles/profiles.service.ts';
import { createSafetyRepository } from '../safety/safety.repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { loadAppealSecret } from './appeal-token.ts';
import { createAppealsRepository } from './appeals.repository.ts';
import { createAppealsService } from './appeals.service.ts';
import { createCasesRepository } from './cases.repository.ts';
import { defineModerationMail } from './moderation-mail.ts';
import { createModerationTargetsRepository } from './moderation-targets.repository.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { createModerationService } from './moderation.service.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';
import { createSanctionsRepository } from './sanctions.repository.ts';

/**
 * Reports, the admins' moderation queue, sanctions and appeals (`/api/reports`,
 * `/api/moderation/…`, `/api/me/moderation`).
 */
export async function registerModeration(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: DatabaseHandle;
    guards: Guards;
    mail: MailQueue;
    notifications: NotificationsService;
    revocations: SessionRevocations;
    storage: FileStorage;
    /** The posts module's removals, so media and counters follow. */
    removePost: (id: string) => Promise<void>;
    removeComment: (postId: string, id: string) => Promise<void>;
  },
) {
  const { database, guards } = deps;
  const db = database.db;
  const admin = createAdminGate(createAdminRepository(db));
  const targets = createModerationTargetsRepository(db);
  const cases = createCasesRepository(db);
  const sanctions = createSanctionsRepository(db);
  const appealSecret = await loadAppealSecret(createServerKeysRepository(db));
  const mail = defineModerationMail({
    db,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    appealSecret,
  });
  const safety = createSafetyRepository(db);
  const reports = createReportsService({
    repo: createReportsRepository(db),
    targets,
    block: (blockerId, blockedId) => safety.block(blockerId, blockedId),
    alertAdmins: (caseId) => mail.alertAdmins(caseId),
  });
  const moderation = createModerationService({
    cases,
    targets,
    sanctions,
    admin,
    notifications: deps.notifications,
    revocations: deps.revocations,
    mail,
    removeContent: async (type, id) => {
      if (type === 'post') return deps.removePost(id);
      const postId = await targets.commentPost(id);
      if (postId) await deps.removeComment(postId, id);
    },
    removeFiles: async (files) => {
      for (const file of files) {
        if (file.kind === 'message-media') {
          await removeWithVariants(deps.storage, 'message-media', file.key, file.variantWidths);
          continue;
        }
        const key = ownAvatarKey(file.url, file.userId);
        if (!key) continue;
        const sizes = hasAvatarVariants(file.url) ? AVATAR_WIDTHS : [];
        await removeWithVariants(deps.storage, 'avatars', key, sizes);
      }
    },
  });
  const appeals = createAppealsService({
    repo: createAppealsRepository(db),
    cases,
    sanctions,
    admin,
    notifications: deps.notifications,
    appealSecret,
    view: moderation.view,
  });
  await app.register(moderationRoutes, { prefix: '/api', ...guards, reports, moderation, appeals });
}
