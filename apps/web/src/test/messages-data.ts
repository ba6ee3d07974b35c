import type { Conversation, Message } from '@arena/shared/message.schema';

import { makeSession } from './fake-api.ts';
import type { FakeReply } from './fake-api.ts';

/* Conversations and messages for the messaging screen's tests, as the API sends them. */

export const ME = makeSession('token-1').profile.id;
export const CASEY_ID = '0c9d8e7f-6a5b-4c3d-8e1f-0a9b8c7d6e5f';
export const CONVERSATION_ID = '5d1c0f7e-2b3a-4c5d-8e9f-1a2b3c4d5e6f';
export const OTHER_CONVERSATION_ID = '6e2d1a8f-3c4b-4d5e-9fa0-2b3c4d5e6f70';

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    other: {
      id: CASEY_ID,
      username: 'casey',
      fullName: 'Casey Lee',
      avatarUrl: null,
      verified: true,
      userType: 'coach',
    },
    lastMessageAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastMessage: { content: 'See you at training', mediaType: null, fromMe: false },
    unreadCount: 2,
    request: false,
    ...overrides,
  };
}

let sequence = 0;

export function message(overrides: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: `7f000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    conversationId: CONVERSATION_ID,
    senderId: CASEY_ID,
    content: `Message ${sequence}`,
    mediaUrl: null,
    mediaType: null,
    mediaImage: null,
    video: null,
    read: false,
    createdAt: new Date(Date.now() - 60_000 + sequence * 1000).toISOString(),
    ...overrides,
  };
}

export const threadPath = (id = CONVERSATION_ID) => `/api/conversations/${id}/messages?limit=30`;
export const sendPath = (id = CONVERSATION_ID) => `/api/conversations/${id}/messages`;
export const readPath = (id = CONVERSATION_ID) => `/api/conversations/${id}/read`;

export const ok = (body: unknown): FakeReply => ({ status: 200, body });
