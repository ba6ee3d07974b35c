import { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import type {
  CaseStatus,
  ModerationActionEntry,
  ModerationCaseSummary,
} from '@arena/shared/moderation.schema';

import { AppError } from '../../http/app-error.ts';
import type { CaseRow, CasesRepository, QueuePosition } from './cases.repository.ts';

/** Rows as the API gives them: times as ISO strings, JSON columns as their shapes. */

const iso = (value: Date | string) => new Date(value).toISOString();

export function toSummary(row: CaseRow): ModerationCaseSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    target: {
      type: row.targetType as ModerationCaseSummary['target']['type'],
      id: row.targetId,
    },
    member: row.member as ModerationCaseSummary['member'],
    excerpt: row.excerpt,
    reportCount: row.reportCount,
    reasons: row.reasons as ModerationCaseSummary['reasons'],
    priority: row.priority,
    lastReportedAt: iso(row.lastReportedAt),
  };
}

type ActionRow = Awaited<ReturnType<CasesRepository['actions']>>[number];

/** The appeal of an action, if the member made one. */
export function appealOf(
  row: Pick<
    ActionRow,
    'appealId' | 'appealText' | 'appealCreatedAt' | 'appealDecision' | 'appealDecidedAt'
  >,
): ModerationActionEntry['appeal'] {
  return row.appealId && row.appealText !== null && row.appealCreatedAt
    ? {
        id: row.appealId,
        text: row.appealText,
        createdAt: iso(row.appealCreatedAt),
        decision: row.appealDecision,
        decidedAt: row.appealDecidedAt ? iso(row.appealDecidedAt) : null,
      }
    : null;
}

export function toAction(row: ActionRow): ModerationActionEntry & { caseId: string } {
  return {
    id: row.id,
    caseId: row.caseId,
    action: row.action,
    suspendDays: row.suspendDays,
    reason: row.reason,
    admin: row.admin,
    createdAt: iso(row.createdAt),
    appeal: appealOf(row),
  };
}

/** The queue's own cursor: its order is not the (created_at, id) of the other lists. */
const queueCursorSchema = z.tuple([z.boolean(), z.number().int(), z.iso.datetime(), z.uuid()]);

export function encodeQueueCursor(row: CaseRow): string {
  return Buffer.from(
    JSON.stringify([row.priority, row.reportCount, iso(row.lastReportedAt), row.id]),
  ).toString('base64url');
}

export function decodeQueueCursor(cursor: string | undefined): QueuePosition | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // Refused below as any other cursor the server did not make.
  }
  const parsed = queueCursorSchema.safeParse(value);
  if (!parsed.success) throw new AppError('bad_request', `${MESSAGES.invalidRequest} (cursor)`);
  const [priority, reportCount, at, id] = parsed.data;
  return { priority, reportCount, lastReportedAt: new Date(at), id };
}

export const caseQuerySchema = z.object({
  status: z.enum(['open', 'closed'] satisfies CaseStatus[]).default('open'),
  /** Reported items or appeals only (the queue's tabs); both when absent. */
  kind: z.enum(['reports', 'appeal']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
