import { and, desc, eq, lt, or } from 'drizzle-orm';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { moderationActions, moderationAppeals, moderationCases } from './moderation.tables.ts';

export type AppealsRepository = ReturnType<typeof createAppealsRepository>;

const actionColumns = {
  id: moderationActions.id,
  caseId: moderationActions.caseId,
  memberId: moderationActions.memberId,
  action: moderationActions.action,
  suspendDays: moderationActions.suspendDays,
  reason: moderationActions.reason,
  createdAt: moderationActions.createdAt,
  targetType: moderationCases.targetType,
  targetId: moderationCases.targetId,
  appealId: moderationAppeals.id,
  appealText: moderationAppeals.text,
  appealCreatedAt: moderationAppeals.createdAt,
  appealDecision: moderationAppeals.decision,
  appealDecidedAt: moderationAppeals.decidedAt,
};

/** The actions against a member as they see them, and their appeals. */
export function createAppealsRepository(db: Database) {
  const actions = (ex: Executor) =>
    ex
      .select(actionColumns)
      .from(moderationActions)
      .innerJoin(moderationCases, eq(moderationCases.id, moderationActions.caseId))
      .leftJoin(moderationAppeals, eq(moderationAppeals.actionId, moderationActions.id));

  return {
    /** The actions against `memberId`, newest first, after `after`. */
    async mine(memberId: string, after: Position | null, limit: number) {
      return actions(db)
        .where(
          and(
            eq(moderationActions.memberId, memberId),
            after
              ? or(
                  lt(moderationActions.createdAt, after.createdAt),
                  and(
                    eq(moderationActions.createdAt, after.createdAt),
                    lt(moderationActions.id, after.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(literalLimit(limit + 1));
    },

    async action(id: string, ex: Executor = db) {
      const [row] = await actions(ex).where(eq(moderationActions.id, id));
      return row;
    },

    /** Opens the appeal's case in the queue and stores the appeal; false if it was appealed already. */
    async open(
      tx: Executor,
      appeal: {
        actionId: string;
        memberId: string;
        targetType: string;
        targetId: string;
        text: string;
      },
    ): Promise<boolean> {
      const [opened] = await tx
        .insert(moderationCases)
        .values({
          kind: 'appeal',
          targetType: appeal.targetType as (typeof moderationCases.$inferInsert)['targetType'],
          targetId: appeal.targetId,
          memberId: appeal.memberId,
          excerpt: appeal.text.slice(0, 140),
        })
        .returning({ id: moderationCases.id });
      if (!opened) throw new Error('The appeal case insert returned no row');
      const stored = await tx
        .insert(moderationAppeals)
        .values({ actionId: appeal.actionId, caseId: opened.id, text: appeal.text })
        .onConflictDoNothing({ target: moderationAppeals.actionId })
        .returning({ id: moderationAppeals.id });
      return stored.length > 0;
    },

    /** The appeal of an appeal case, locked for its decision. */
    async forCase(tx: Executor, caseId: string) {
      const [row] = await tx
        .select({
          id: moderationAppeals.id,
          actionId: moderationAppeals.actionId,
          decision: moderationAppeals.decision,
          status: moderationCases.status,
        })
        .from(moderationAppeals)
        .innerJoin(moderationCases, eq(moderationCases.id, moderationAppeals.caseId))
        .where(eq(moderationAppeals.caseId, caseId))
        .for('update');
      return row;
    },

    async decide(tx: Executor, appealId: string, decision: 'upheld' | 'overturned') {
      await tx
        .update(moderationAppeals)
        .set({ decision, decidedAt: new Date() })
        .where(eq(moderationAppeals.id, appealId));
    },
  };
}
