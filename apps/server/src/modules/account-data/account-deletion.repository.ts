import { sql } from 'drizzle-orm';

import { type Database, type Executor, selectRows } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { StoredUploadFiles } from '../media/image-files.ts';
import { refreshTokens, users } from '../auth/auth.tables.ts';
import { campRegistrations, camps } from '../camps/camps.tables.ts';
import { follows } from '../follows/follows.tables.ts';
import { conversations } from '../messaging/messaging.tables.ts';
import { athleteOffers, offerApplications } from '../offers/offers.tables.ts';
import { comments, likes, posts, reposts } from '../posts/posts.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;

/** What deleting an account leaves to do outside the database. */
export interface DeletedAccount {
  /** The member's sessions (refresh-token families) that were live: their access tokens must stop. */
  sessionIds: string[];
  /** Stored files of the member, to remove from storage once the rows are gone. */
  /** Each upload and what was made from it (a photo's sizes, a video's copies and poster). */
  files: (StoredUploadFiles & { bucket: string })[];
  avatarUrl: string | null;
  /** Who followed the member or talked with them (their pages change). */
  profileId: string;
}

export function createAccountDeletionRepository(db: Database) {
  return {
    transaction: transactionOn(db),

    /** The account's password hash (null without one), and when its session started. */
    async credentials(userId: string, sessionId: string | undefined) {
      const [account] = await selectRows<{ password_hash: string | null }>(
        db,
        sql`SELECT password_hash FROM ${users} WHERE id = ${userId}`,
      );
      if (!account) return undefined;
      const [session] = sessionId
        ? await selectRows<{ started_at: Date | string | null }>(
            db,
            sql`SELECT min(created_at) AS started_at FROM ${refreshTokens}
                WHERE family_id = ${sessionId} AND user_id = ${userId}`,
          )
        : [];
      const started = session?.started_at ? new Date(session.started_at) : null;
      return { passwordHash: account.password_hash, sessionStartedAt: started };
    },

    /**
     * Removes the account and everything of the member, in the transaction `tx`: the profile (and
     * with it, by its foreign keys, the CV, posts, comments, likes, reposts, follows, messages
     * sent, applications, offers, verification requests and views), the sessions, factors and
     * linked providers. The counts others' posts and offers keep are corrected first. A
     * conversation keeps the other side and their messages; one whose other side is gone already
     * goes. Returns undefined when there is no such account.
     */
    async deleteAccount(tx: Executor, userId: string): Promise<DeletedAccount | undefined> {
      const [profile] = await selectRows<{ id: string; avatar_url: string | null }>(
        tx,
        sql`SELECT id, avatar_url FROM ${profiles} WHERE user_id = ${userId} FOR UPDATE`,
      );
      if (!profile) return undefined;
      const p = profile.id;

      const files = await selectRows<{
        bucket: string;
        path: string;
        variant_widths: number[] | null;
        poster_path: string | null;
        small_path: string | null;
        source_key: string | null;
      }>(
        tx,
        sql`SELECT bucket, path, variant_widths, poster_path, small_path, source_key
          FROM ${storedFiles} WHERE owner_user_id = ${userId}`,
      );
      const sessions = await selectRows<{ family_id: string }>(
        tx,
        sql`SELECT DISTINCT family_id FROM ${refreshTokens}
            WHERE user_id = ${userId} AND revoked_at IS NULL`,
      );

      // Others' posts and offers keep counts of what the member did to them.
      await tx.execute(sql`
        UPDATE ${posts} SET likes_count = greatest(likes_count - l.n, 0)
        FROM (SELECT post_id, count(*)::int AS n FROM ${likes} WHERE user_id = ${p} GROUP BY post_id) l
        WHERE ${posts}.id = l.post_id AND ${posts}.user_id <> ${p}`);
      await tx.execute(sql`
        UPDATE ${posts} SET comments_count = greatest(comments_count - c.n, 0)
        FROM (SELECT post_id, count(*)::int AS n FROM ${comments} WHERE user_id = ${p} GROUP BY post_id) c
        WHERE ${posts}.id = c.post_id AND ${posts}.user_id <> ${p}`);
      await tx.execute(sql`
        UPDATE ${posts} SET reposts_count = greatest(reposts_count - r.n, 0)
        FROM (SELECT post_id, count(*)::int AS n FROM ${reposts} WHERE user_id = ${p} GROUP BY post_id) r
        WHERE ${posts}.id = r.post_id AND ${posts}.user_id <> ${p}`);
      await tx.execute(sql`
        UPDATE ${athleteOffers} SET application_count = greatest(application_count - 1, 0)
        WHERE id IN (SELECT offer_id FROM ${offerApplications} WHERE applicant_id = ${p})
          AND posted_by <> ${p}`);
      // The member's booked places at others' camps free up.
      await tx.execute(sql`
        UPDATE ${camps} SET booked_count = greatest(booked_count - 1, 0)
        WHERE id IN (SELECT camp_id FROM ${campRegistrations}
          WHERE member_id = ${p} AND status = 'booked')
          AND posted_by <> ${p}`);

      // A conversation whose other side left before has no one left to keep it.
      await tx.execute(sql`
        DELETE FROM ${conversations}
        WHERE (user1_id = ${p} AND user2_id IS NULL) OR (user2_id = ${p} AND user1_id IS NULL)`);
      await tx.execute(sql`DELETE FROM ${follows} WHERE follower_id = ${p} OR following_id = ${p}`);
      // The rest follows the foreign keys from the account: the profile and all that hangs on it;
      // the member's messages go, the conversation's side becomes null.
      await tx.execute(sql`DELETE FROM ${users} WHERE id = ${userId}`);

      return {
        profileId: p,
        sessionIds: sessions.map((row) => row.family_id),
        files: files.map((f) => ({
          bucket: f.bucket,
          path: f.path,
          variantWidths: f.variant_widths,
          posterPath: f.poster_path,
          smallPath: f.small_path,
          sourceKey: f.source_key,
        })),
        avatarUrl: profile.avatar_url,
      };
    },
  };
}
