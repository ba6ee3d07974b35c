import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';

import type { CaseStatus, ModerationAction } from '@arena/shared/moderation.schema';

import { type Database, type Executor, literalLimit, selectRows } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { summaryColumns } from '../profiles/profiles.repository.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import {
  moderationActions,
  moderationAppeals,
  moderationCases,
  moderationNotes,
  reports,
} from './moderation.tables.ts';

export type CasesRepository = ReturnType<typeof createCasesRepository>;

/** Where the queue's last page ended: its order is priority, reports, last report, id, all descending. */
export interface QueuePosition {
  priority: boolean;
  reportCount: number;
  lastReportedAt: Date;
  id: string;
}

const summary = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'username', ${alias}.username,
    'fullName', ${alias}.full_name, 'avatarUrl', ${alias}.avatar_url,
    'verified', ${alias}.verified, 'userType', ${alias}.user_type)`);

export interface CaseRow {
  id: string;
  kind: 'reports' | 'appeal';
  status: CaseStatus;
  targetType: string;
  targetId: string;
  memberId: string;
  member: unknown;
  excerpt: string | null;
  reportCount: number;
  priority: boolean;
  lastReportedAt: Date | string;
  reasons: { reason: string; count: number }[];
}

const caseColumns = sql`c.id, c.kind, c.status, c.target_type AS "targetType",
  c.target_id AS "targetId", c.member_id AS "memberId", ${summary('mp')} AS member, c.excerpt,
  c.report_count AS "reportCount", c.priority, c.last_reported_at AS "lastReportedAt",
  coalesce((SELECT json_agg(json_build_object('reason', g.reason, 'count', g.n)
    ORDER BY g.n DESC, g.reason)
    FROM (SELECT reason, count(*)::int AS n FROM reports WHERE case_id = c.id GROUP BY reason) g),
    '[]'::json) AS reasons`;

/** The queue, the cases, and what admins write on them. */
export function createCasesRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    async queue(
      status: CaseStatus,
      kind: 'reports' | 'appeal' | null,
      after: QueuePosition | null,
      limit: number,
    ) {
      return selectRows<CaseRow>(
        db,
        sql`SELECT ${caseColumns} FROM moderation_cases c JOIN profiles mp ON mp.id = c.member_id
          WHERE c.status = ${status} ${kind ? sql`AND c.kind = ${kind}` : sql``}
            ${
              after
                ? sql`AND (c.priority, c.report_count, c.last_reported_at, c.id)
                    < (${after.priority}::boolean, ${after.reportCount}::int,
                       ${after.lastReportedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
                : sql``
            }
          ORDER BY c.priority DESC, c.report_count DESC, c.last_reported_at DESC, c.id DESC
          LIMIT ${literalLimit(limit + 1)}`,
      );
    },

    async counts(): Promise<{ open: number; appeals: number }> {
      const [row] = await selectRows<{ open: number; appeals: number }>(
        db,
        sql`SELECT count(*) FILTER (WHERE kind = 'reports')::int AS open,
            count(*) FILTER (WHERE kind = 'appeal')::int AS appeals
          FROM moderation_cases WHERE status = 'open'`,
      );
      return row ?? { open: 0, appeals: 0 };
    },

    async find(id: string, ex: Executor = db): Promise<CaseRow | undefined> {
      const [row] = await selectRows<CaseRow>(
        ex,
        sql`SELECT ${caseColumns} FROM moderation_cases c JOIN profiles mp ON mp.id = c.member_id
          WHERE c.id = ${id}::uuid`,
      );
      return row;
    },

    /** Locks the case for a decision; its status as it stands. */
    async lock(tx: Executor, id: string) {
      const [row] = await tx
        .select({
          id: moderationCases.id,
          kind: moderationCases.kind,
          status: moderationCases.status,
          targetType: moderationCases.targetType,
          targetId: moderationCases.targetId,
          memberId: moderationCases.memberId,
        })
        .from(moderationCases)
        .where(eq(moderationCases.id, id))
        .for('update');
      return row;
    },

    async close(tx: Executor, id: string) {
      await tx
        .update(moderationCases)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(eq(moderationCases.id, id));
    },

    async reports(caseId: string) {
      return db
        .select({
          id: reports.id,
          reporter: summaryColumns,
          reason: reports.reason,
          details: reports.details,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .innerJoin(profiles, eq(profiles.id, reports.reporterId))
        .where(eq(reports.caseId, caseId))
        .orderBy(desc(reports.createdAt), desc(reports.id));
    },

    /** The reporters of a case, to be told its outcome. */
    async reporterIds(ex: Executor, caseId: string): Promise<string[]> {
      const rows = await ex
        .select({ id: reports.reporterId })
        .from(reports)
        .where(eq(reports.caseId, caseId));
      return rows.map((row) => row.id);
    },

    /** Actions with their admin and appeal: of one case, or against one member on other cases. */
    async actions(
      where: { caseId: string } | { actionId: string } | { memberId: string; notCase: string },
    ) {
      return db
        .select({
          id: moderationActions.id,
          caseId: moderationActions.caseId,
          action: moderationActions.action,
          suspendDays: moderationActions.suspendDays,
          reason: moderationActions.reason,
          admin: summaryColumns,
          createdAt: moderationActions.createdAt,
          appealId: moderationAppeals.id,
          appealText: moderationAppeals.text,
          appealCreatedAt: moderationAppeals.createdAt,
          appealDecision: moderationAppeals.decision,
          appealDecidedAt: moderationAppeals.decidedAt,
        })
        .from(moderationActions)
        .innerJoin(profiles, eq(profiles.id, moderationActions.adminId))
        .leftJoin(moderationAppeals, eq(moderationAppeals.actionId, moderationActions.id))
        .where(
          'caseId' in where
            ? eq(moderationActions.caseId, where.caseId)
            : 'actionId' in where
              ? eq(moderationActions.id, where.actionId)
              : and(
                  eq(moderationActions.memberId, where.memberId),
                  ne(moderationActions.caseId, where.notCase),
                  ne(moderationActions.action, 'dismiss'),
                ),
        )
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id));
    },

    /** The action an appeal case is about, with the appeal. */
    async appealedAction(appealCaseId: string) {
      const [appeal] = await db
        .select({ actionId: moderationAppeals.actionId })
        .from(moderationAppeals)
        .where(eq(moderationAppeals.caseId, appealCaseId));
      if (!appeal) return [];
      return this.actions({ actionId: appeal.actionId });
    },

    async profileSummaries(ids: string[]) {
      const rows = ids.length
        ? await db.select(summaryColumns).from(profiles).where(inArray(profiles.id, ids))
        : [];
      return new Map(rows.map((row) => [row.id, row]));
    },

    async notes(caseId: string) {
      return db
        .select({
          id: moderationNotes.id,
          admin: summaryColumns,
          text: moderationNotes.text,
          createdAt: moderationNotes.createdAt,
        })
        .from(moderationNotes)
        .innerJoin(profiles, eq(profiles.id, moderationNotes.adminId))
        .where(eq(moderationNotes.caseId, caseId))
        .orderBy(desc(moderationNotes.createdAt), desc(moderationNotes.id));
    },

    async insertAction(
      tx: Executor,
      row: {
        caseId: string;
        memberId: string;
        adminId: string;
        action: ModerationAction;
        suspendDays: number | null;
        reason: string;
      },
    ): Promise<string> {
      const [inserted] = await tx
        .insert(moderationActions)
        .values(row)
        .returning({ id: moderationActions.id });
      if (!inserted) throw new Error('The action insert returned no row');
      return inserted.id;
    },

    async insertNote(tx: Executor, row: { caseId: string; adminId: string; text: string }) {
      await tx.insert(moderationNotes).values(row);
    },
  };
}
