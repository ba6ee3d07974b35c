import type { z } from 'zod';

import type { VerificationStatus } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import type {
  MyVerification,
  VerificationCounts,
  VerificationDecision,
  VerificationRequest,
  VerificationRequestPage,
  verificationRequestInputSchema,
} from '@arena/shared/verification.schema';

import { uniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { VerificationRepository } from './verification.repository.ts';

export type VerificationService = ReturnType<typeof createVerificationService>;

const m = MESSAGES.verification;

/** What each admin decision does: from which status, to which, and the profile's verified flag after. */
const DECISIONS: Record<
  VerificationDecision,
  { from: VerificationStatus; to: VerificationStatus; verified: boolean; refusal: string }
> = {
  approve: { from: 'pending', to: 'approved', verified: true, refusal: m.notPending },
  reject: { from: 'pending', to: 'rejected', verified: false, refusal: m.notPending },
  disapprove: { from: 'approved', to: 'rejected', verified: false, refusal: m.notApproved },
};

type Row = Awaited<ReturnType<VerificationRepository['list']>>[number];
const toRequest = (row: Row): VerificationRequest => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** What the requester's notification says of each decision. */
const OUTCOMES: Record<VerificationDecision, 'approved' | 'rejected' | 'removed'> = {
  approve: 'approved',
  reject: 'rejected',
  disapprove: 'removed',
};

export function createVerificationService(
  repo: VerificationRepository,
  admin: AdminGate,
  notifications?: Pick<NotificationsService, 'record' | 'announce'>,
) {
  return {
    async mine(auth: AuthContext): Promise<MyVerification> {
      const profile = await repo.profileState(auth.profileId);
      if (!profile) throw new AppError('not_found', MESSAGES.profileNotFound);
      const status = await repo.latestStatus(auth.profileId);
      return {
        verified: profile.verified,
        status,
        canRequest: profile.userType !== 'player' && !profile.verified && status !== 'pending',
      };
    },

    async request(
      auth: AuthContext,
      input: z.output<typeof verificationRequestInputSchema>,
    ): Promise<MyVerification> {
      const profile = await repo.profileState(auth.profileId);
      if (!profile) throw new AppError('not_found', MESSAGES.profileNotFound);
      if (profile.userType === 'player') throw new AppError('forbidden', m.playersCannotRequest);
      if (profile.verified) throw new AppError('conflict', m.alreadyVerified);
      try {
        await repo.insert(auth.profileId, input);
      } catch (error) {
        // The partial unique index allows one pending request per profile, even under a race.
        if (uniqueViolation(error) === 'verification_requests_one_pending_key')
          throw new AppError('conflict', m.pending);
        throw error;
      }
      return this.mine(auth);
    },

    /** Newest first, of one status when given, with how many each status holds. */
    async list(
      auth: AuthContext,
      query: { status?: VerificationStatus; cursor?: string; limit: number },
    ): Promise<VerificationRequestPage> {
      await admin.require(auth);
      const [rows, counted] = await Promise.all([
        repo.list(query.status, decodeCursor(query.cursor), query.limit),
        repo.countByStatus(),
      ]);
      const page = pageOf(rows, query.limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      const counts: VerificationCounts = { pending: 0, approved: 0, rejected: 0 };
      for (const { status, n } of counted) counts[status] = n;
      return { items: page.items.map(toRequest), nextCursor: page.nextCursor, counts };
    },

    /** Approve, reject or disapprove; the status and the profile's flag change together, and the act is recorded. */
    async decide(auth: AuthContext, id: string, decision: VerificationDecision): Promise<void> {
      await admin.require(auth);
      const rule = DECISIONS[decision];
      const done = await repo.transaction(async (tx) => {
        const changed = await repo.transition(
          tx,
          id,
          rule.from,
          rule.to,
          rule.verified,
          auth.profileId,
        );
        if (changed) {
          await admin.record(tx, auth, `verification.${decision}`, 'verification_request', id);
          // The requester hears of it; the admin who decided is not named.
          await notifications?.record(tx, {
            recipientId: changed,
            kind: 'verification',
            subjectId: id,
            actorId: null,
            detail: OUTCOMES[decision],
          });
        }
        return changed;
      });
      if (done) await notifications?.announce([done]);
      if (!done) {
        if (!(await repo.exists(id))) throw new AppError('not_found', m.notFound);
        throw new AppError('conflict', rule.refusal);
      }
    },
  };
}
