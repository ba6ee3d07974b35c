import { and, eq, sql } from 'drizzle-orm';

import { type Database, type Executor, selectRows } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { isMinor } from '../safety/safety.sql.ts';
import { guardians } from './guardians.tables.ts';

export type GuardiansRepository = ReturnType<typeof createGuardiansRepository>;

/** A confirmed guardian of `athlete` who is still a minor: who receives copies and notices. */
const confirmedGuardianOf = (athlete: ReturnType<typeof sql>) =>
  sql`(SELECT g.email FROM guardians g
    WHERE g.profile_id = ${athlete} AND g.confirmed_at IS NOT NULL AND ${isMinor(athlete)})`;

export function createGuardiansRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /** Whether the member may have a guardian (an athlete treated as a minor), and theirs. */
    async state(profileId: string, ex: Executor = db) {
      const [row] = await ex
        .select({
          eligible: sql<boolean>`${isMinor(profileId)}`,
          fullName: profiles.fullName,
          email: guardians.email,
          confirmedAt: guardians.confirmedAt,
        })
        .from(profiles)
        .leftJoin(guardians, eq(guardians.profileId, profiles.id))
        .where(eq(profiles.id, profileId));
      return row;
    },

    /** The member's own sign-in address (a guardian must be someone else). */
    async accountEmail(profileId: string) {
      const [row] = await selectRows<{ email: string }>(
        db,
        sql`SELECT u.email FROM users u JOIN profiles p ON p.user_id = u.id WHERE p.id = ${profileId}::uuid`,
      );
      return row?.email ?? null;
    },

    /** Sets the guardian's address and the link now valid; unconfirmed until it is used. */
    async put(ex: Executor, profileId: string, email: string, linkId: string) {
      await ex
        .insert(guardians)
        .values({ profileId, email, linkId, confirmedAt: null })
        .onConflictDoUpdate({
          target: guardians.profileId,
          set: { email, linkId, confirmedAt: null, createdAt: sql`now()` },
        });
    },

    async remove(profileId: string): Promise<boolean> {
      const rows = await db
        .delete(guardians)
        .where(eq(guardians.profileId, profileId))
        .returning({ profileId: guardians.profileId });
      return rows.length > 0;
    },

    /** Confirms the guardian the link was sent to, while it is still theirs; the athlete's name. */
    async confirm(profileId: string, linkId: string, email: string) {
      const [row] = await db
        .update(guardians)
        .set({ confirmedAt: sql`coalesce(${guardians.confirmedAt}, now())` })
        .where(
          and(
            eq(guardians.profileId, profileId),
            eq(guardians.linkId, linkId),
            sql`lower(${guardians.email}) = ${email.toLowerCase()}`,
          ),
        )
        .returning({ profileId: guardians.profileId });
      if (!row) return null;
      const [athlete] = await db
        .select({ fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return athlete ?? null;
    },

    /** Whether a message from `senderId` to `recipientId` is copied: an organisation to a guarded minor. */
    async copiesMessage(senderId: string, recipientId: string): Promise<boolean> {
      const rows = await selectRows<{ email: string }>(
        db,
        sql`SELECT ${confirmedGuardianOf(sql`${recipientId}::uuid`)} AS email
          FROM profiles s WHERE s.id = ${senderId}::uuid AND s.user_type <> 'player'`,
      );
      return Boolean(rows[0]?.email);
    },

    /** What a message's copy says: who sent it, its text and attachments, and where it goes. */
    async messageCopy(messageId: string, recipientId: string) {
      const [row] = await selectRows<{
        guardian_email: string | null;
        athlete_name: string;
        sender_name: string;
        sender_type: string;
        content: string | null;
        attachments: number;
      }>(
        db,
        sql`SELECT ${confirmedGuardianOf(sql`${recipientId}::uuid`)} AS guardian_email,
            a.full_name AS athlete_name, s.full_name AS sender_name, s.user_type AS sender_type,
            m.content, (CASE WHEN m.media_path IS NULL AND m.media_url IS NULL THEN 0 ELSE 1 END)::int AS attachments
          FROM messages m
          JOIN profiles s ON s.id = m.sender_id
          JOIN profiles a ON a.id = ${recipientId}::uuid
          WHERE m.id = ${messageId}::uuid`,
      );
      return row;
    },

    /** Whether an application by `applicantId` is told to their guardian. */
    async noticesApplication(ex: Executor, applicantId: string): Promise<boolean> {
      const rows = await selectRows<{ email: string | null }>(
        ex,
        sql`SELECT ${confirmedGuardianOf(sql`${applicantId}::uuid`)} AS email`,
      );
      return Boolean(rows[0]?.email);
    },

    /** What a camp registration's notice says: the camp, its organiser, the athlete, the status. */
    async campNotice(campId: string, memberId: string) {
      const [row] = await selectRows<{
        guardian_email: string | null;
        athlete_name: string;
        camp_title: string;
        organizer: string;
        starts_on: string;
        ends_on: string;
        status: string;
      }>(
        db,
        sql`SELECT ${confirmedGuardianOf(sql`${memberId}::uuid`)} AS guardian_email,
            a.full_name AS athlete_name, c.title AS camp_title, c.organizer,
            c.starts_on::text AS starts_on, c.ends_on::text AS ends_on, r.status
          FROM camp_registrations r
          JOIN camps c ON c.id = r.camp_id
          JOIN profiles a ON a.id = r.member_id
          WHERE r.camp_id = ${campId}::uuid AND r.member_id = ${memberId}::uuid`,
      );
      return row;
    },

    /** What an application's notice says: the offer, the organisation, the athlete. */
    async applicationNotice(offerId: string, applicantId: string) {
      const [row] = await selectRows<{
        guardian_email: string | null;
        athlete_name: string;
        offer_title: string;
        organization_name: string;
      }>(
        db,
        sql`SELECT ${confirmedGuardianOf(sql`${applicantId}::uuid`)} AS guardian_email,
            a.full_name AS athlete_name, o.title AS offer_title, o.organization_name
          FROM athlete_offers o JOIN profiles a ON a.id = ${applicantId}::uuid
          WHERE o.id = ${offerId}::uuid`,
      );
      return row;
    },
  };
}
