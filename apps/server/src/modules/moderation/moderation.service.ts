import type { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import type {
  CaseStatus,
  ModerationCase,
  ModerationCasePage,
  moderationDecisionInputSchema,
  ReportTarget,
} from '@arena/shared/moderation.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import { moderationSentence } from '../notifications/notification-text.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { decodeQueueCursor, encodeQueueCursor, toAction, toSummary } from './case-views.ts';
import type { CasesRepository } from './cases.repository.ts';
import type { ModerationMail } from './moderation-mail.ts';
import type { ModerationTargetsRepository, RemovedFile } from './moderation-targets.repository.ts';
import { dayOf } from './sanctions.ts';
import type { SanctionsRepository } from './sanctions.repository.ts';

export type ModerationService = ReturnType<typeof createModerationService>;

const m = MESSAGES.moderation;
const iso = (value: Date | string) => new Date(value).toISOString();

export interface ModerationDeps {
  cases: CasesRepository;
  targets: ModerationTargetsRepository;
  sanctions: SanctionsRepository;
  admin: AdminGate;
  notifications: Pick<NotificationsService, 'record' | 'announce'>;
  revocations: Pick<SessionRevocations, 'announce'>;
  mail: Pick<ModerationMail, 'sanction'>;
  /** Removes a post or comment through the posts module, so its media and counters follow. */
  removeContent: (type: 'post' | 'comment', id: string) => Promise<void>;
  /** Removes from storage the files of an item removed here (a message's photo, an avatar). */
  removeFiles: (files: RemovedFile[]) => Promise<void>;
}

/** The admins' queue, a case in full, and the decision on it. */
export function createModerationService(deps: ModerationDeps) {
  const { cases, targets, sanctions, admin } = deps;

  async function view(id: string): Promise<ModerationCase> {
    const row = await cases.find(id);
    if (!row) throw new AppError('not_found', m.caseNotFound);
    const type = row.targetType as ReportTarget;
    // An appeal case shows the appealed action; a case of reports, its own.
    const [item, context, reportRows, actionRows, noteRows, history] = await Promise.all([
      targets.view(type, row.targetId),
      type === 'message' ? targets.messageContext(row.targetId) : Promise.resolve([]),
      cases.reports(id),
      row.kind === 'appeal' ? cases.appealedAction(id) : cases.actions({ caseId: id }),
      cases.notes(id),
      cases.actions({ memberId: row.memberId, notCase: id }),
    ]);
    const senders = await cases.profileSummaries([...new Set(context.map((c) => c.senderId))]);
    return {
      ...toSummary(row),
      item: {
        type,
        id: row.targetId,
        exists: item !== undefined,
        text: item?.text ?? null,
        href: item?.href ?? null,
        context: context.flatMap((message) => {
          const sender = senders.get(message.senderId);
          return sender
            ? [
                {
                  id: message.id,
                  sender,
                  body: message.body ?? '',
                  createdAt: iso(message.createdAt),
                  reported: message.id === row.targetId,
                },
              ]
            : [];
        }),
      },
      reports: reportRows.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
      actions: actionRows.map((action) => {
        const { caseId: _caseId, ...entry } = toAction(action);
        return entry;
      }),
      notes: noteRows.map((note) => ({ ...note, createdAt: iso(note.createdAt) })),
      history: history.map(toAction),
    };
  }

  return {
    view: async (auth: AuthContext, id: string) => {
      await admin.require(auth);
      return view(id);
    },

    async queue(
      auth: AuthContext,
      query: {
        status: CaseStatus;
        kind?: 'reports' | 'appeal' | undefined;
        cursor?: string | undefined;
        limit: number;
      },
    ): Promise<ModerationCasePage> {
      await admin.require(auth);
      const [rows, counts] = await Promise.all([
        cases.queue(query.status, query.kind ?? null, decodeQueueCursor(query.cursor), query.limit),
        cases.counts(),
      ]);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map(toSummary),
        nextCursor: rows.length > query.limit && last ? encodeQueueCursor(last) : null,
        counts,
      };
    },

    /**
     * One or more actions on an open case of reports, which closes it. Each action and the note
     * is a line of the audit log; the member is told what and why, each reporter the outcome.
     * The content is removed after the decision is stored (the posts module removes in its own
     * transaction); a suspension or ban ends every session of the account at once.
     */
    async decide(
      auth: AuthContext,
      caseId: string,
      input: z.output<typeof moderationDecisionInputSchema>,
    ): Promise<ModerationCase> {
      await admin.require(auth);
      const sanctioning = input.actions.includes('suspend') || input.actions.includes('ban');
      const done = await cases.transaction(async (tx) => {
        const found = await cases.lock(tx, caseId);
        if (!found || found.kind !== 'reports') throw new AppError('not_found', m.caseNotFound);
        if (found.status !== 'open') throw new AppError('bad_request', m.caseClosed);
        const account = await sanctions.account(tx, found.memberId);
        if (sanctioning && account?.isAdmin) throw new AppError('bad_request', m.cannotActOnAdmin);

        let endedSessions: string[] = [];
        let removedFiles: RemovedFile[] = [];
        let until: Date | null = null;
        const actionIds = new Map<string, string>();
        for (const action of input.actions) {
          const suspendDays = action === 'suspend' ? input.suspendDays : null;
          const id = await cases.insertAction(tx, {
            caseId,
            memberId: found.memberId,
            adminId: auth.profileId,
            action,
            suspendDays,
            reason: input.reason,
          });
          actionIds.set(action, id);
          await sanctions.audit(tx, {
            event: action,
            adminId: auth.profileId,
            memberId: found.memberId,
            caseId,
            targetType: found.targetType,
            targetId: found.targetId,
            reason: input.reason,
            suspendDays,
          });
          if (account && action === 'suspend' && suspendDays !== null) {
            until = await sanctions.suspend(tx, account.userId, suspendDays);
          }
          if (account && action === 'ban') await sanctions.ban(tx, account.userId);
          if (
            action === 'remove' &&
            found.targetType !== 'post' &&
            found.targetType !== 'comment'
          ) {
            removedFiles = await targets.remove(tx, found.targetType, found.targetId);
          }
        }
        if (account && sanctioning) endedSessions = await sanctions.endSessions(tx, account.userId);
        if (input.note) {
          await cases.insertNote(tx, { caseId, adminId: auth.profileId, text: input.note });
          await sanctions.audit(tx, {
            event: 'note',
            adminId: auth.profileId,
            memberId: found.memberId,
            caseId,
            targetType: found.targetType,
            targetId: found.targetId,
            reason: input.note,
            suspendDays: null,
          });
        }
        await cases.close(tx, caseId);

        const told: (string | null)[] = [];
        const dismissed = input.actions.includes('dismiss');
        if (!dismissed) {
          told.push(
            await deps.notifications.record(tx, {
              recipientId: found.memberId,
              kind: 'moderation',
              subjectId: actionIds.values().next().value ?? null,
              actorId: null,
              detail: moderationSentence({
                to: 'member',
                item: found.targetType,
                actions: input.actions,
                suspendedUntil: until ? dayOf(until) : null,
              }),
            }),
          );
        }
        for (const reporterId of await cases.reporterIds(tx, caseId)) {
          told.push(
            await deps.notifications.record(tx, {
              recipientId: reporterId,
              kind: 'moderation',
              subjectId: caseId,
              actorId: null,
              detail: moderationSentence({
                to: 'reporter',
                item: found.targetType,
                actioned: !dismissed,
              }),
            }),
          );
        }
        if (sanctioning) {
          // Through the mail queue: the member cannot sign in to read the notification.
          const action = input.actions.includes('ban') ? 'ban' : 'suspend';
          await deps.mail.sanction(
            {
              actionId: actionIds.get(action) ?? '',
              memberId: found.memberId,
              item: found.targetType,
              until: action === 'suspend' && until ? dayOf(until) : null,
              reason: input.reason,
            },
            { tx, key: `moderation-sanction:${actionIds.get(action) ?? ''}` },
          );
        }
        return { found, told, endedSessions, removedFiles };
      });
      await deps.revocations.announce(done.endedSessions);
      await deps.removeFiles(done.removedFiles);
      await deps.notifications.announce(done.told);
      if (input.actions.includes('remove')) {
        const { targetType, targetId } = done.found;
        if (targetType === 'post' || targetType === 'comment') {
          await deps.removeContent(targetType, targetId);
        }
      }
      return view(caseId);
    },
  };
}
