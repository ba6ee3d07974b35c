import { type SQL, sql } from 'drizzle-orm';

import type { ReportTarget } from '@arena/shared/moderation.schema';

import { type Database, type Executor, selectRows } from '../../db/database.ts';
import { blockBetween } from '../safety/safety.sql.ts';

export type ModerationTargetsRepository = ReturnType<typeof createModerationTargetsRepository>;

/** A reportable item: whose it is, and a short excerpt of it for the queue. */
export interface TargetOwner {
  memberId: string;
  excerpt: string | null;
}

const EXCERPT = 140;

/**
 * For each kind of item: the member it belongs to and its excerpt, when `reporter` can see it
 * (no block either way with its member; a message only in the reporter's own conversation; an
 * application only to the offer's owner and the applicant, the member being the other of them).
 */
function ownerQuery(type: ReportTarget, id: string, reporter: string): SQL {
  const r = sql`${reporter}::uuid`;
  switch (type) {
    case 'post':
      return sql`SELECT p.user_id AS "memberId", left(p.content, ${EXCERPT}) AS excerpt
        FROM posts p WHERE p.id = ${id}::uuid AND NOT ${blockBetween(r, sql`p.user_id`)}`;
    case 'comment':
      return sql`SELECT c.user_id AS "memberId", left(c.content, ${EXCERPT}) AS excerpt
        FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = ${id}::uuid AND NOT ${blockBetween(r, sql`c.user_id`)}
          AND NOT ${blockBetween(r, sql`p.user_id`)}`;
    case 'message':
      return sql`SELECT m.sender_id AS "memberId", left(m.content, ${EXCERPT}) AS excerpt
        FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE m.id = ${id}::uuid AND ${r} IN (c.user1_id, c.user2_id)`;
    case 'profile':
      return sql`SELECT pr.id AS "memberId", left(pr.bio, ${EXCERPT}) AS excerpt
        FROM profiles pr WHERE pr.id = ${id}::uuid AND NOT ${blockBetween(r, sql`pr.id`)}`;
    case 'offer':
      return sql`SELECT o.posted_by AS "memberId", left(o.title, ${EXCERPT}) AS excerpt
        FROM athlete_offers o WHERE o.id = ${id}::uuid AND NOT ${blockBetween(r, sql`o.posted_by`)}`;
    case 'application':
      return sql`SELECT CASE WHEN o.posted_by = ${r} THEN a.applicant_id ELSE o.posted_by END
          AS "memberId", left(o.title, ${EXCERPT}) AS excerpt
        FROM offer_applications a JOIN athlete_offers o ON o.id = a.offer_id
        WHERE a.id = ${id}::uuid AND ${r} IN (o.posted_by, a.applicant_id)`;
  }
}

/** The item as an admin sees it: its text and where it lives in the app. */
function viewQuery(type: ReportTarget, id: string): SQL {
  switch (type) {
    case 'post':
      return sql`SELECT content AS text, '/posts/' || id AS href FROM posts WHERE id = ${id}::uuid`;
    case 'comment':
      return sql`SELECT content AS text, '/posts/' || post_id AS href
        FROM comments WHERE id = ${id}::uuid`;
    case 'message':
      return sql`SELECT content AS text, NULL AS href FROM messages WHERE id = ${id}::uuid`;
    case 'profile':
      return sql`SELECT bio AS text, '/profile/' || username AS href
        FROM profiles WHERE id = ${id}::uuid`;
    case 'offer':
      return sql`SELECT title || E'\n\n' || description AS text, '/offers/' || id AS href
        FROM athlete_offers WHERE id = ${id}::uuid`;
    case 'application':
      return sql`SELECT why_interested AS text, NULL AS href
        FROM offer_applications WHERE id = ${id}::uuid`;
  }
}

/** A stored file that went with a removed item. */
export type RemovedFile =
  | { kind: 'message-media'; key: string; variantWidths: number[] | null }
  | { kind: 'avatar'; url: string; userId: string };

export function createModerationTargetsRepository(db: Database) {
  return {
    /** The item's member and excerpt when `reporterId` can see it; undefined otherwise. */
    async ownerFor(
      type: ReportTarget,
      id: string,
      reporterId: string,
    ): Promise<TargetOwner | undefined> {
      const [row] = await selectRows<TargetOwner>(db, ownerQuery(type, id, reporterId));
      return row;
    },

    async view(
      type: ReportTarget,
      id: string,
    ): Promise<{ text: string | null; href: string | null } | undefined> {
      const [row] = await selectRows<{ text: string | null; href: string | null }>(
        db,
        viewQuery(type, id),
      );
      return row;
    },

    async commentPost(commentId: string): Promise<string | undefined> {
      const [row] = await selectRows<{ postId: string }>(
        db,
        sql`SELECT post_id AS "postId" FROM comments WHERE id = ${commentId}::uuid`,
      );
      return row?.postId;
    },

    /** Up to 5 messages before and 5 after `messageId`, of its own conversation, oldest first. */
    async messageContext(messageId: string) {
      return selectRows<{
        id: string;
        senderId: string;
        body: string | null;
        createdAt: Date | string;
      }>(
        db,
        sql`WITH target AS (SELECT conversation_id, created_at, id FROM messages WHERE id = ${messageId}::uuid)
          SELECT * FROM (
            (SELECT m.id, m.sender_id AS "senderId", m.content AS body, m.created_at AS "createdAt"
              FROM messages m, target t
              WHERE m.conversation_id = t.conversation_id
                AND (m.created_at, m.id) <= (t.created_at, t.id)
              ORDER BY m.created_at DESC, m.id DESC LIMIT 6)
            UNION ALL
            (SELECT m.id, m.sender_id, m.content, m.created_at
              FROM messages m, target t
              WHERE m.conversation_id = t.conversation_id
                AND (m.created_at, m.id) > (t.created_at, t.id)
              ORDER BY m.created_at, m.id LIMIT 5)
          ) around ORDER BY "createdAt", id`,
      );
    },

    /**
     * Takes the item away where no other module's service does it: a message is deleted, a
     * profile's bio and avatar are cleared, an offer is closed (as its poster closing it does: the
     * applications stay), an application is withdrawn. Returns the files that went with it (a
     * message's photo, a profile's avatar), to remove from storage once this commits.
     */
    async remove(
      ex: Executor,
      type: 'message' | 'profile' | 'offer' | 'application',
      id: string,
    ): Promise<RemovedFile[]> {
      switch (type) {
        case 'message': {
          const rows = await selectRows<{ path: string | null; widths: number[] | null }>(
            ex,
            sql`DELETE FROM messages WHERE id = ${id}::uuid
              RETURNING media_path AS path, media_variant_widths AS widths`,
          );
          return rows.flatMap((row) =>
            row.path
              ? [{ kind: 'message-media' as const, key: row.path, variantWidths: row.widths }]
              : [],
          );
        }
        case 'profile': {
          const [before] = await selectRows<{ avatarUrl: string | null; userId: string }>(
            ex,
            sql`SELECT avatar_url AS "avatarUrl", user_id AS "userId" FROM profiles
              WHERE id = ${id}::uuid FOR UPDATE`,
          );
          await ex.execute(
            sql`UPDATE profiles SET bio = NULL, avatar_url = NULL WHERE id = ${id}::uuid`,
          );
          return before?.avatarUrl
            ? [{ kind: 'avatar', url: before.avatarUrl, userId: before.userId }]
            : [];
        }
        case 'offer':
          await ex.execute(
            sql`UPDATE athlete_offers SET closed_at = coalesce(closed_at, now()), updated_at = now()
              WHERE id = ${id}::uuid`,
          );
          return [];
        case 'application':
          await ex.execute(
            sql`UPDATE offer_applications SET status = 'withdrawn', stage_changed_at = now()
              WHERE id = ${id}::uuid`,
          );
          return [];
      }
    },
  };
}
