import { sql } from 'drizzle-orm';

import type { AuditEvent, ReportTarget } from '@arena/shared/moderation.schema';

import { type Database, type Executor, literalLimit, selectRows } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';

export type SanctionsRepository = ReturnType<typeof createSanctionsRepository>;

export interface AuditLine {
  event: AuditEvent;
  adminId: string;
  memberId: string | null;
  caseId: string | null;
  targetType: ReportTarget | null;
  targetId: string | null;
  reason: string | null;
  suspendDays: number | null;
}

/** Suspensions and bans on accounts, and the append-only audit log of moderation. */
export function createSanctionsRepository(db: Database) {
  return {
    /** The member's account, and whether it holds the admin role. */
    async account(ex: Executor, profileId: string) {
      const [row] = await selectRows<{
        userId: string;
        email: string;
        fullName: string;
        isAdmin: boolean;
      }>(
        ex,
        sql`SELECT p.user_id AS "userId", u.email, p.full_name AS "fullName",
            EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id AND r.role = 'admin')
              AS "isAdmin"
          FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = ${profileId}::uuid`,
      );
      return row;
    },

    /** Suspends the account for `days` from now (a ban stays a ban); returns when it ends. */
    async suspend(tx: Executor, userId: string, days: number): Promise<Date> {
      const [row] = await selectRows<{ until: Date | string }>(
        tx,
        sql`UPDATE users SET suspended_until = now() + make_interval(days => ${days}::int)
          WHERE id = ${userId}::uuid RETURNING suspended_until AS until`,
      );
      return new Date(row?.until ?? Date.now());
    },

    async ban(tx: Executor, userId: string) {
      await tx.execute(
        sql`UPDATE users SET banned_at = coalesce(banned_at, now()) WHERE id = ${userId}::uuid`,
      );
    },

    /** An overturned suspension or ban: the account is free again. */
    async lift(tx: Executor, userId: string, action: 'suspend' | 'ban') {
      await tx.execute(
        action === 'ban'
          ? sql`UPDATE users SET banned_at = NULL WHERE id = ${userId}::uuid`
          : sql`UPDATE users SET suspended_until = NULL WHERE id = ${userId}::uuid`,
      );
    },

    /** Ends every session of the account; returns their ids for the revocation list. */
    async endSessions(tx: Executor, userId: string): Promise<string[]> {
      const rows = await selectRows<{ familyId: string }>(
        tx,
        sql`UPDATE refresh_tokens SET revoked_at = now()
          WHERE user_id = ${userId}::uuid AND revoked_at IS NULL
          RETURNING family_id AS "familyId"`,
      );
      return [...new Set(rows.map((row) => row.familyId))];
    },

    /** One line of the audit log, with the usernames as they are now. */
    async audit(tx: Executor, line: AuditLine) {
      await tx.execute(
        sql`INSERT INTO moderation_audit (event, admin_id, admin_username, member_id,
            member_username, case_id, target_type, target_id, reason, suspend_days)
          SELECT ${line.event}::text, ${line.adminId}::uuid,
            (SELECT username FROM profiles WHERE id = ${line.adminId}::uuid), ${line.memberId}::uuid,
            (SELECT username FROM profiles WHERE id = ${line.memberId}::uuid), ${line.caseId}::uuid,
            ${line.targetType}::text, ${line.targetId}::uuid, ${line.reason}::text,
            ${line.suspendDays}::int`,
      );
    },

    /**
     * The log newest first; a member or admin whose account is gone keeps the username the line
     * was written with.
     */
    async auditPage(after: Position | null, limit: number) {
      const person = (alias: string, idColumn: string, usernameColumn: string) =>
        sql.raw(`CASE WHEN ${idColumn} IS NULL THEN NULL ELSE json_build_object(
          'id', ${idColumn}, 'username', coalesce(${alias}.username, ${usernameColumn}),
          'fullName', coalesce(${alias}.full_name, ${usernameColumn}),
          'avatarUrl', ${alias}.avatar_url, 'verified', coalesce(${alias}.verified, false),
          'userType', coalesce(${alias}.user_type, 'player')) END`);
      return selectRows<{
        id: string;
        event: AuditEvent;
        admin: unknown;
        member: unknown;
        caseId: string | null;
        targetType: ReportTarget | null;
        targetId: string | null;
        reason: string | null;
        suspendDays: number | null;
        createdAt: Date | string;
      }>(
        db,
        sql`SELECT a.id, a.event, ${person('ap', 'a.admin_id', 'a.admin_username')} AS admin,
            ${person('mp', 'a.member_id', 'a.member_username')} AS member, a.case_id AS "caseId",
            a.target_type AS "targetType", a.target_id AS "targetId", a.reason,
            a.suspend_days AS "suspendDays", a.created_at AS "createdAt"
          FROM moderation_audit a
          LEFT JOIN profiles ap ON ap.id = a.admin_id
          LEFT JOIN profiles mp ON mp.id = a.member_id
          ${
            after
              ? sql`WHERE (a.created_at, a.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : sql``
          }
          ORDER BY a.created_at DESC, a.id DESC LIMIT ${literalLimit(limit + 1)}`,
      );
    },
  };
}
