import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { ReportResult, reportInputSchema } from '@arena/shared/moderation.schema';
import type { z } from 'zod';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { ModerationTargetsRepository } from './moderation-targets.repository.ts';
import type { ReportsRepository } from './reports.repository.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

const m = MESSAGES.moderation;

/** A member reports an item they can see; a second report of it while its case is open updates the first. */
export function createReportsService(deps: {
  repo: ReportsRepository;
  targets: ModerationTargetsRepository;
  /** The reporter blocks the item's member ("block as well"), as Block does. */
  block: (blockerId: string, blockedId: string) => Promise<void>;
  /** "A minor at risk": the admins are emailed at once. */
  alertAdmins: (caseId: string) => Promise<void>;
}) {
  const { repo, targets } = deps;

  return {
    async report(
      auth: AuthContext,
      input: z.output<typeof reportInputSchema>,
    ): Promise<ReportResult> {
      const owner = await targets.ownerFor(input.targetType, input.targetId, auth.profileId);
      if (!owner) throw new AppError('not_found', m.targetNotFound);
      if (owner.memberId === auth.profileId) throw new AppError('bad_request', m.cannotReportSelf);
      if ((await repo.madeInLastHour(auth.profileId)) >= LIMITS.reportsPerHour) {
        throw new AppError('rate_limited', m.reportLimit);
      }
      const filed = await repo.transaction((tx) =>
        repo.file(tx, {
          targetType: input.targetType,
          targetId: input.targetId,
          memberId: owner.memberId,
          excerpt: owner.excerpt,
          reporterId: auth.profileId,
          reason: input.reason,
          details: input.details,
        }),
      );
      if (input.block) await deps.block(auth.profileId, owner.memberId);
      if (filed.newlyPriority) await deps.alertAdmins(filed.caseId);
      return { id: filed.id, updated: filed.updated, blocking: input.block };
    },
  };
}
