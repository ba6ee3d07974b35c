import type { Comment, Post } from './post.schema.ts';
import type { Conversation, Message } from './message.schema.ts';

/**
 * Everything the server pushes over `/api/realtime`, declared once for both sides.
 * Topics name what a client listens to; the server checks every subscription.
 */
export type Topic =
  `conversation:${string}` | `inbox:${string}` | `post:${string}` | `profile:${string}` | 'feed';

export type ServerEvent =
  | {
      type: 'message.created';
      topic: `conversation:${string}` | `inbox:${string}`;
      message: Message;
    }
  | {
      type: 'messages.read';
      topic: `conversation:${string}` | `inbox:${string}`;
      conversationId: string;
      readerId: string;
    }
  | {
      type: 'conversation.updated';
      topic: `inbox:${string}`;
      conversation: Pick<Conversation, 'id' | 'lastMessageAt'>;
    }
  | { type: 'comment.created'; topic: `post:${string}`; comment: Comment }
  | { type: 'comment.deleted'; topic: `post:${string}`; postId: string; commentId: string }
  | { type: 'post.created'; topic: 'feed'; post: Pick<Post, 'id' | 'sport'> & { authorId: string } }
  | { type: 'post.reposted'; topic: 'feed'; post: Pick<Post, 'id' | 'sport'>; reposterId: string }
  | { type: 'profile.updated'; topic: `profile:${string}`; profileId: string };

/** What a client sends. */
export type ClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; topic: Topic }
  | { type: 'unsubscribe'; topic: Topic }
  | { type: 'ping' };

/** Control replies from the server. */
export type ServerControl =
  | {
      type: 'ready';
      profileId: string;
      /** How many messages wait unread: sent at every (re)authentication. */
      unreadMessages: number;
    }
  | { type: 'subscribed'; topic: Topic }
  | { type: 'refused'; topic: Topic; reason: string }
  | { type: 'pong' }
  | { type: 'error'; message: string };

export type ServerFrame = ServerEvent | ServerControl;

/** How long a connection may wait before authenticating, and the heartbeat period. */
export const REALTIME = {
  authTimeoutMs: 5_000,
  heartbeatMs: 25_000,
} as const;
