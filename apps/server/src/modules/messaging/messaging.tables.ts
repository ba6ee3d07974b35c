import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { MEDIA_TYPES } from '@arena/shared/constants';
import { MESSAGE_POLICIES } from '@arena/shared/message.schema';
import { LIMITS } from '@arena/shared/limits';
import { VIDEO_STATES } from '@arena/shared/video.schema';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { videoColumns } from '../videos/video.columns.ts';

/**
 * One conversation per pair of profiles: the smaller id is always stored first, so the unique
 * pair index holds even when both people start the conversation at the same moment.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    /**
     * Null once that side deleted their account: the other side keeps the conversation and their
     * own messages, and sees 'Deleted account' (the deleted side's messages go with their profile).
     */
    user1Id: uuid('user1_id').references(() => profiles.id, { onDelete: 'set null' }),
    user2Id: uuid('user2_id').references(() => profiles.id, { onDelete: 'set null' }),
    lastMessageAt: timestampTz('last_message_at').notNull().defaultNow(),
    /**
     * Whether each participant has opened the conversation themself. Until it holds a message, a
     * conversation is listed only for whoever opened it: the other person has nothing to read.
     */
    user1Opened: boolean('user1_opened').notNull().default(false),
    user2Opened: boolean('user2_opened').notNull().default(false),
    /**
     * Set while the conversation is a message request: the first message came from outside this
     * member's "who can message me". Listed apart for them (Message requests) and never marked
     * read, so the sender sees no receipt; back to null once accepted (or replied to).
     */
    requestRecipientId: uuid('request_recipient_id').references(() => profiles.id, {
      onDelete: 'set null',
    }),
    /** The recipient declined the request: hidden from them, and the sender is not told. */
    requestDeclined: boolean('request_declined').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Message requests waiting for a member, and their count on every screen's badge.
    index('conversations_request_recipient_idx')
      .on(t.requestRecipientId, descending(t.lastMessageAt))
      .where(sql`${t.requestRecipientId} IS NOT NULL`),
    uniqueIndex('conversations_pair_key').on(t.user1Id, t.user2Id),
    index('conversations_user1_last_idx').on(t.user1Id, descending(t.lastMessageAt)),
    index('conversations_user2_last_idx').on(t.user2Id, descending(t.lastMessageAt)),
    check('conversations_ordered_pair', sql`${t.user1Id} < ${t.user2Id}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content'),
    mediaUrl: text('media_url'),
    mediaType: text('media_type', { enum: MEDIA_TYPES }),
    mediaPath: text('media_path'),
    /** As on posts: a photo's size and its display sizes' widths; null for videos and older photos. */
    mediaWidth: integer('media_width'),
    mediaHeight: integer('media_height'),
    mediaVariantWidths: integer('media_variant_widths').array(),
    ...videoColumns(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_created_at_idx').on(
      t.conversationId,
      descending(t.createdAt),
      descending(t.id),
    ),
    index('messages_media_file_idx')
      .on(t.mediaFileId)
      .where(sql`media_file_id IS NOT NULL`),
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`NOT ${t.read}`),
    check(
      'messages_media_type_check',
      sql`${t.mediaType} IS NULL OR ${oneOf('media_type', MEDIA_TYPES)}`,
    ),
    check(
      'messages_content_length_check',
      sql`${t.content} IS NULL OR char_length(${t.content}) <= ${sql.raw(String(LIMITS.messageMax))}`,
    ),
    check(
      'messages_media_status_check',
      sql`${t.mediaStatus} IS NULL OR ${oneOf('media_status', VIDEO_STATES)}`,
    ),
    check('messages_not_empty_check', sql`${t.content} IS NOT NULL OR ${t.mediaUrl} IS NOT NULL`),
  ],
);

/**
 * A member's "who can message me", once they chose it. Without a row: 'everyone' for adults,
 * 'following' for members under 18 (high privacy by default).
 */
export const messagePolicies = pgTable(
  'message_policies',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    policy: text('policy', { enum: MESSAGE_POLICIES }).notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  () => [check('message_policies_policy_check', sql`${oneOf('policy', MESSAGE_POLICIES)}`)],
);
