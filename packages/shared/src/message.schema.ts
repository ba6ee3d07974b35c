import { z } from 'zod';

import { MEDIA_TYPES } from './constants.ts';
import { imageSizesSchema } from './image.schema.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';
import { videoSchema } from './video.schema.ts';

const v = MESSAGES.validation;

export const sendMessageSchema = z
  .object({
    content: z
      .string()
      .trim()
      .max(LIMITS.messageMax, v.messageMax)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    /** An upload made just before through `POST /api/message-media`. */
    mediaId: z.uuid().nullable().default(null),
  })
  .refine((message) => message.content !== null || message.mediaId !== null, v.messageEmpty);

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  content: z.string().nullable(),
  /** A link only the two participants can open; it expires, so fetch messages again for a fresh one. */
  mediaUrl: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  /** A photo's size and display sizes (signed like the link above); null for videos and older photos. */
  mediaImage: imageSizesSchema.nullable(),
  /** A video's state, poster and smaller copy (signed like the link above); null otherwise. */
  video: videoSchema.nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagePageSchema = pageSchema(messageSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

const conversationSchema = z.object({
  id: z.uuid(),
  /** Null when the other side deleted their account (shown as 'Deleted account'). */
  other: profileSummarySchema.nullable(),
  lastMessageAt: z.iso.datetime(),
  lastMessage: z
    .object({
      content: z.string().nullable(),
      mediaType: z.enum(MEDIA_TYPES).nullable(),
      fromMe: z.boolean(),
    })
    .nullable(),
  unreadCount: z.number().int(),
  /**
   * True when this conversation is a message request waiting for the caller's answer (never for
   * the sender, who sees their messages as sent, never read, until it is accepted).
   */
  request: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const openConversationSchema = z.object({ username: z.string().min(1).max(64) });

/**
 * The Messages badge's count, and how many message requests wait (pending, not declined): the
 * navigation loads it on every screen, so the Messages screen shows "Message requests (N)"
 * without a request of its own, and the conversation list keeps its shape.
 */
export const unreadTotalSchema = z.object({
  unread: z.number().int(),
  /** 0 from a server older than message requests. */
  requests: z.number().int().default(0),
});

/**
 * Who can message me. A first message from anyone else goes to Message requests. Members under
 * 18 cannot choose 'everyone' (and default to 'following').
 */
export const MESSAGE_POLICIES = [
  'everyone',
  'following',
  'verified_organisations',
  'nobody',
] as const;
export type MessagePolicy = (typeof MESSAGE_POLICIES)[number];

export const MESSAGE_POLICY_LABELS: Record<MessagePolicy, string> = {
  everyone: 'Everyone',
  following: 'People I follow',
  verified_organisations: 'Verified clubs, agents and coaches',
  nobody: 'Nobody (every first message is a request)',
};

export const messagePolicyInputSchema = z.object({ policy: z.enum(MESSAGE_POLICIES) });

export const messagePolicySettingSchema = z.object({
  policy: z.enum(MESSAGE_POLICIES),
  /** Under 18 (or a player without a birthdate): 'everyone' is refused. */
  minor: z.boolean(),
});
export type MessagePolicySetting = z.infer<typeof messagePolicySettingSchema>;

/** Message requests waiting for the caller, most recent first (the other person is the sender). */
export const messageRequestPageSchema = pageSchema(conversationSchema);
export type MessageRequestPage = z.infer<typeof messageRequestPageSchema>;

/** Where a request went: accepted into the conversations, declined, or its sender blocked. */
export const messageRequestResultSchema = z.object({
  status: z.enum(['accepted', 'declined', 'blocked']),
});
