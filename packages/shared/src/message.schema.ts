import { z } from 'zod';

import { MEDIA_TYPES } from './constants.ts';
import { imageSizesSchema } from './image.schema.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';

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
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const openConversationSchema = z.object({ username: z.string().min(1).max(64) });

export const unreadTotalSchema = z.object({ unread: z.number().int() });
