import { and, eq, sql } from 'drizzle-orm';

import type { MessagePolicy } from '@arena/shared/message.schema';

import { type Database, type Executor, literalLimit, selectRows } from '../../db/database.ts';
import type { Position } from '../../http/cursor.ts';
import { isMinor } from '../safety/safety.sql.ts';
import type { ConversationRow } from './messaging.repository.ts';
import { conversations, messagePolicies } from './messaging.tables.ts';

export type MessageRequestsRepository = ReturnType<typeof createMessageRequestsRepository>;

/** A profile that is a verified club, agent or coach. */
const verifiedOrganisation = (id: string) => sql`EXISTS (SELECT 1 FROM profiles po
  WHERE po.id = ${id}::uuid AND po.verified AND po.user_type IN ('club', 'agent', 'coach'))`;

interface FactsRow {
  sender_minor: boolean;
  sender_verified_organisation: boolean;
  recipient_minor: boolean;
  recipient_verified_organisation: boolean;
  recipient_policy: MessagePolicy | null;
  recipient_follows_sender: boolean;
  held: boolean;
  request_recipient_id: string | null;
  request_declined: boolean;
}

export function createMessageRequestsRepository(db: Database) {
  return {
    /**
     * Everything the rules need about a message from `senderId` to `recipientId` in
     * `conversationId` (or none yet), read in one statement: who each is, the recipient's setting,
     * whether they follow the sender, and the conversation's messages and request state.
     */
    async facts(
      senderId: string,
      recipientId: string,
      conversationId: string | null,
      ex: Executor = db,
    ) {
      const conversation = conversationId ?? '00000000-0000-0000-0000-000000000000';
      const [row] = await selectRows<FactsRow>(
        ex,
        sql`SELECT ${isMinor(senderId)} AS sender_minor,
                   ${verifiedOrganisation(senderId)} AS sender_verified_organisation,
                   ${isMinor(recipientId)} AS recipient_minor,
                   ${verifiedOrganisation(recipientId)} AS recipient_verified_organisation,
                   (SELECT mp.policy FROM message_policies mp WHERE mp.profile_id = ${recipientId}::uuid) AS recipient_policy,
                   EXISTS (SELECT 1 FROM follows f
                     WHERE f.follower_id = ${recipientId}::uuid AND f.following_id = ${senderId}::uuid) AS recipient_follows_sender,
                   EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ${conversation}::uuid) AS held,
                   (SELECT c.request_recipient_id FROM conversations c WHERE c.id = ${conversation}::uuid) AS request_recipient_id,
                   coalesce((SELECT c.request_declined FROM conversations c WHERE c.id = ${conversation}::uuid), false) AS request_declined`,
      );
      if (!row) throw new Error('The message facts query returned no row');
      return row;
    },

    /** The profile's stored choice (null: the default) and whether they are under 18. */
    async policyOf(profileId: string) {
      const [row] = await selectRows<{ policy: MessagePolicy | null; minor: boolean }>(
        db,
        sql`SELECT (SELECT mp.policy FROM message_policies mp WHERE mp.profile_id = ${profileId}::uuid) AS policy,
                   ${isMinor(profileId)} AS minor`,
      );
      return row ?? { policy: null, minor: false };
    },

    async setPolicy(profileId: string, policy: MessagePolicy) {
      await db
        .insert(messagePolicies)
        .values({ profileId, policy })
        .onConflictDoUpdate({
          target: messagePolicies.profileId,
          set: { policy, updatedAt: sql`now()` },
        });
    },

    /** Makes the conversation a request waiting for `recipientId` (in the message's transaction). */
    async markRequest(tx: Executor, conversationId: string, recipientId: string) {
      await tx
        .update(conversations)
        .set({ requestRecipientId: recipientId, requestDeclined: false })
        .where(eq(conversations.id, conversationId));
    },

    /** Accepting (or replying) turns the request into a normal conversation. */
    async accept(conversationId: string, recipientId: string, ex: Executor = db) {
      const rows = await ex
        .update(conversations)
        .set({ requestRecipientId: null, requestDeclined: false })
        .where(
          and(
            eq(conversations.id, conversationId),
            eq(conversations.requestRecipientId, recipientId),
          ),
        )
        .returning({ id: conversations.id });
      return rows.length > 0;
    },

    /** Hides the request from its recipient; returns false when it is not one waiting for them. */
    async decline(conversationId: string, recipientId: string) {
      const rows = await db
        .update(conversations)
        .set({ requestDeclined: true })
        .where(
          and(
            eq(conversations.id, conversationId),
            eq(conversations.requestRecipientId, recipientId),
            eq(conversations.requestDeclined, false),
          ),
        )
        .returning({ id: conversations.id });
      return rows.length > 0;
    },

    /** The request waiting for `recipientId` in this conversation, with its sender. */
    async findPending(conversationId: string, recipientId: string) {
      const [row] = await db
        .select({ user1Id: conversations.user1Id, user2Id: conversations.user2Id })
        .from(conversations)
        .where(
          and(
            eq(conversations.id, conversationId),
            eq(conversations.requestRecipientId, recipientId),
            eq(conversations.requestDeclined, false),
          ),
        );
      if (!row) return undefined;
      return { senderId: row.user1Id === recipientId ? row.user2Id : row.user1Id };
    },

    /** The requests waiting for `recipientId`, most recent first, after `after`. */
    async list(recipientId: string, after: Position | null, limit: number) {
      return selectRows<ConversationRow>(
        db,
        sql`
          SELECT c.id, c.last_message_at,
                 p.id AS other_id, p.username AS other_username, p.full_name AS other_full_name,
                 p.avatar_url AS other_avatar_url, p.verified AS other_verified, p.user_type AS other_user_type,
                 last.content AS last_content, last.media_type AS last_media_type, last.sender_id AS last_sender_id,
                 (SELECT count(*)::int FROM messages m
                   WHERE m.conversation_id = c.id AND m.sender_id <> ${recipientId}::uuid AND NOT m.read) AS unread_count
          FROM ${conversations} c
          LEFT JOIN profiles p ON p.id = CASE WHEN c.user1_id = ${recipientId}::uuid THEN c.user2_id ELSE c.user1_id END
          LEFT JOIN LATERAL (
            SELECT m.content, m.media_type, m.sender_id FROM messages m
            WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
          ) last ON true
          WHERE c.request_recipient_id = ${recipientId}::uuid AND NOT c.request_declined
            ${
              after
                ? sql`AND (c.last_message_at, c.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
                : sql``
            }
          ORDER BY c.last_message_at DESC, c.id DESC
          LIMIT ${literalLimit(limit + 1)}
        `,
      );
    },

    async pendingCount(recipientId: string) {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${conversations}
            WHERE request_recipient_id = ${recipientId}::uuid AND NOT request_declined`,
      );
      return row?.n ?? 0;
    },
  };
}
