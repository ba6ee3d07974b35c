import { and, count, eq, gt, sql } from 'drizzle-orm';

import type { ReportInput, ReportTarget } from '@arena/shared/moderation.schema';

import type { Database, Executor } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { moderationCases, reports } from './moderation.tables.ts';

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

/** Members' reports, and the open case of reports each reported item has. */
export function createReportsRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /** Reports `reporterId` made in the last hour (updates of an earlier one are not new). */
    async madeInLastHour(reporterId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporterId),
            gt(reports.createdAt, sql`now() - interval '1 hour'`),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Files the report in the item's open case (opening one if it has none), or updates the
     * reporter's own report there; then counts the case's reports again.
     */
    async file(
      tx: Executor,
      report: {
        targetType: ReportTarget;
        targetId: string;
        memberId: string;
        excerpt: string | null;
        reporterId: string;
        reason: ReportInput['reason'];
        details: string | null;
      },
    ): Promise<{ id: string; caseId: string; updated: boolean; newlyPriority: boolean }> {
      const [opened] = await tx
        .insert(moderationCases)
        .values({
          kind: 'reports',
          targetType: report.targetType,
          targetId: report.targetId,
          memberId: report.memberId,
          excerpt: report.excerpt,
        })
        .onConflictDoUpdate({
          target: [moderationCases.targetType, moderationCases.targetId],
          targetWhere: sql`status = 'open' AND kind = 'reports'`,
          set: { lastReportedAt: sql`now()` },
        })
        .returning({ id: moderationCases.id, priority: moderationCases.priority });
      if (!opened) throw new Error('The case upsert returned no row');

      const [earlier] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.caseId, opened.id), eq(reports.reporterId, report.reporterId)));
      let id: string;
      if (earlier) {
        await tx
          .update(reports)
          .set({ reason: report.reason, details: report.details, updatedAt: sql`now()` })
          .where(eq(reports.id, earlier.id));
        id = earlier.id;
      } else {
        const [inserted] = await tx
          .insert(reports)
          .values({
            caseId: opened.id,
            reporterId: report.reporterId,
            reason: report.reason,
            details: report.details,
          })
          .returning({ id: reports.id });
        if (!inserted) throw new Error('The report insert returned no row');
        id = inserted.id;
      }
      const [counted] = await tx
        .update(moderationCases)
        .set({
          reportCount: sql`(SELECT count(*) FROM reports WHERE case_id = ${opened.id}::uuid)`,
          priority: sql`EXISTS (SELECT 1 FROM reports
            WHERE case_id = ${opened.id}::uuid AND reason = 'minor_at_risk')`,
        })
        .where(eq(moderationCases.id, opened.id))
        .returning({ priority: moderationCases.priority });
      return {
        id,
        caseId: opened.id,
        updated: earlier !== undefined,
        newlyPriority: !opened.priority && counted?.priority === true,
      };
    },
  };
}
