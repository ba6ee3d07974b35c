import type { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import type {
  AuditPage,
  appealDecisionInputSchema,
  ModerationCase,
  MyModerationAction,
  MyModerationPage,
} from '@arena/shared/moderation.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import { moderationSentence } from '../notifications/notification-text.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { verifyAppeal } from './appeal-token.ts';
import { appealOf } from './case-views.ts';
import type { AppealsRepository } from './appeals.repository.ts';
import type { CasesRepository } from './cases.repository.ts';
import type { SanctionsRepository } from './sanctions.repository.ts';

export type AppealsService = ReturnType<typeof createAppealsService>;

const m = MESSAGES.moderation;
const iso = (value: Date | string) => new Date(value).toISOString();

type ActionRow = NonNullable<Awaited<ReturnType<AppealsRepository['action']>>>;

function toMine(row: ActionRow): MyModerationAction {
  return {
    id: row.id,
    action: row.action,
    suspendDays: row.suspendDays,
    reason: row.reason,
    createdAt: iso(row.createdAt),
    target: { type: row.targetType, id: row.targetId },
    appeal: appealOf(row),
    canAppeal: row.action !== 'dismiss' && row.appealId === null,
  };
}

/** A member's list of what was done to them, their appeals, the admins' decisions on them, and the audit log. */
export function createAppealsService(deps: {
  repo: AppealsRepository;
  cases: CasesRepository;
  sanctions: SanctionsRepository;
  admin: AdminGate;
  notifications: Pick<NotificationsService, 'record' | 'announce'>;
  appealSecret: string;
  /** The appeal case, as an admin sees it once decided. */
  view: (auth: AuthContext, caseId: string) => Promise<ModerationCase>;
}) {
  const { repo, cases, sanctions, admin } = deps;

  /** The member's own action; another member's, or none, is not found. */
  async function ownAction(memberId: string, actionId: string) {
    const row = await repo.action(actionId);
    if (!row || row.memberId !== memberId) throw new AppError('not_found', m.actionNotFound);
    return row;
  }

  async function appeal(memberId: string, actionId: string, text: string) {
    const row = await ownAction(memberId, actionId);
    if (row.action === 'dismiss') throw new AppError('bad_request', m.appealNotAllowed);
    if (row.appealId) throw new AppError('bad_request', m.appealTwice);
    const stored = await cases.transaction((tx) =>
      repo.open(tx, {
        actionId,
        memberId,
        targetType: row.targetType,
        targetId: row.targetId,
        text,
      }),
    );
    if (!stored) throw new AppError('bad_request', m.appealTwice);
    return toMine(await ownAction(memberId, actionId));
  }

  function claims(token: string) {
    const found = verifyAppeal(deps.appealSecret, token);
    if (!found) throw new AppError('bad_request', m.appealLinkInvalid);
    return found;
  }

  return {
    async mine(
      auth: AuthContext,
      cursor: string | undefined,
      limit: number,
    ): Promise<MyModerationPage> {
      const rows = await repo.mine(auth.profileId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return { items: page.items.map(toMine), nextCursor: page.nextCursor };
    },

    appeal: (auth: AuthContext, actionId: string, text: string) =>
      appeal(auth.profileId, actionId, text),

    /** The action a signed appeal link is about (its member cannot sign in). */
    async byToken(token: string): Promise<MyModerationAction> {
      const { actionId, memberId } = claims(token);
      const row = await repo.action(actionId);
      if (!row || row.memberId !== memberId) throw new AppError('bad_request', m.appealLinkInvalid);
      return toMine(row);
    },

    async appealByToken(token: string, text: string): Promise<MyModerationAction> {
      const { actionId, memberId } = claims(token);
      return appeal(memberId, actionId, text);
    },

    /** Upholds or overturns the appealed action; overturning lifts a suspension or ban. */
    async decide(
      auth: AuthContext,
      caseId: string,
      input: z.output<typeof appealDecisionInputSchema>,
    ): Promise<ModerationCase> {
      await admin.require(auth);
      const told = await cases.transaction(async (tx) => {
        const found = await repo.forCase(tx, caseId);
        if (!found) throw new AppError('not_found', m.caseNotFound);
        if (found.decision !== null || found.status !== 'open') {
          throw new AppError('bad_request', m.appealDecided);
        }
        const action = await repo.action(found.actionId, tx);
        if (!action) throw new AppError('not_found', m.actionNotFound);
        await repo.decide(tx, found.id, input.decision);
        if (
          input.decision === 'overturned' &&
          (action.action === 'suspend' || action.action === 'ban')
        ) {
          const account = await sanctions.account(tx, action.memberId);
          if (account) await sanctions.lift(tx, account.userId, action.action);
        }
        await sanctions.audit(tx, {
          event: input.decision === 'overturned' ? 'appeal_overturned' : 'appeal_upheld',
          adminId: auth.profileId,
          memberId: action.memberId,
          caseId,
          targetType: action.targetType,
          targetId: action.targetId,
          reason: input.reason,
          suspendDays: null,
        });
        await cases.close(tx, caseId);
        return deps.notifications.record(tx, {
          recipientId: action.memberId,
          kind: 'moderation',
          subjectId: found.id,
          actorId: null,
          detail: moderationSentence({ to: 'appellant', decision: input.decision }),
        });
      });
      await deps.notifications.announce([told]);
      return deps.view(auth, caseId);
    },

    async audit(auth: AuthContext, cursor: string | undefined, limit: number): Promise<AuditPage> {
      await admin.require(auth);
      const rows = await sanctions.auditPage(decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (row) => ({
        createdAt: new Date(row.createdAt),
        id: row.id,
      }));
      return {
        items: page.items.map(({ targetType, targetId, ...row }) => ({
          ...row,
          admin: row.admin as AuditPage['items'][number]['admin'],
          member: row.member as AuditPage['items'][number]['member'],
          target: targetType && targetId ? { type: targetType, id: targetId } : null,
          createdAt: iso(row.createdAt),
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}
