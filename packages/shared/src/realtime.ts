import { z } from 'zod';

import { APPLICATION_STAGES } from './application.schema.ts';
import { messageSchema } from './message.schema.ts';
import { commentSchema, postSchema } from './post.schema.ts';
import { videoProgressSchema } from './video.schema.ts';

/**
 * Everything said over `/api/realtime`, declared once for both sides: what a client sends (the
 * server parses it with `clientMessageSchema`) and what the server sends (the web client parses
 * it with `serverFrameSchema`). Ids are the server's to check; a frame's shape is checked here.
 */

/** A topic of one kind: `conversation:<id>`, say. */
const topicOf = <Kind extends string>(kind: Kind) =>
  z.custom<`${Kind}:${string}`>(
    (value) => typeof value === 'string' && value.startsWith(`${kind}:`),
  );

const conversationTopic = topicOf('conversation');
const inboxTopic = topicOf('inbox');
const postTopic = topicOf('post');
const profileTopic = topicOf('profile');

/** What a client listens to; the server checks every subscription. */
const topicSchema = z.union([
  conversationTopic,
  inboxTopic,
  postTopic,
  profileTopic,
  z.literal('feed'),
]);
export type Topic = z.infer<typeof topicSchema>;

/**
 * What a client sends. A topic is any short string here: the server answers 'refused' to one it
 * does not know, or may not give.
 */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), topic: z.string().max(100) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().max(100) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const conversationOrInbox = z.union([conversationTopic, inboxTopic]);
const postOfFeed = postSchema.pick({ id: true, sport: true });

/** The news the server pushes to the listeners of a topic. */
const serverEvents = [
  z.object({
    type: z.literal('message.created'),
    topic: conversationOrInbox,
    message: messageSchema,
  }),
  z.object({
    /** A message's video became playable (or failed): both sides show it as it now is. */
    type: z.literal('message.updated'),
    topic: conversationOrInbox,
    message: messageSchema,
  }),
  z.object({
    /** To the uploader only: how far their video's processing is, and how it ended. */
    type: z.literal('video.changed'),
    topic: inboxTopic,
    video: videoProgressSchema,
  }),
  z.object({
    type: z.literal('messages.read'),
    topic: conversationOrInbox,
    conversationId: z.string(),
    readerId: z.string(),
  }),
  z.object({
    type: z.literal('message.requested'),
    /**
     * To the recipient only, when a message lands in their Message requests: their count and
     * list refresh. The message itself stays out of their inbox until they accept.
     */
    topic: inboxTopic,
    conversationId: z.string(),
  }),
  z.object({
    type: z.literal('conversation.updated'),
    topic: inboxTopic,
    conversation: z.object({ id: z.string(), lastMessageAt: z.iso.datetime() }),
  }),
  z.object({ type: z.literal('comment.created'), topic: postTopic, comment: commentSchema }),
  z.object({
    type: z.literal('comment.deleted'),
    topic: postTopic,
    postId: z.string(),
    commentId: z.string(),
  }),
  z.object({
    type: z.literal('post.created'),
    topic: z.literal('feed'),
    post: postOfFeed.extend({ authorId: z.string() }),
  }),
  z.object({
    type: z.literal('post.reposted'),
    topic: z.literal('feed'),
    post: postOfFeed,
    reposterId: z.string(),
  }),
  z.object({
    type: z.literal('post.edited'),
    /** Heard on the feed and on the post's own topic (its page). */
    topic: z.union([z.literal('feed'), postTopic]),
    post: postSchema.pick({ id: true, content: true, sport: true, editedAt: true }),
  }),
  z.object({
    type: z.literal('post.deleted'),
    /** Heard where an edit is: open feeds drop the card, the post's page says it is gone. */
    topic: z.union([z.literal('feed'), postTopic]),
    postId: z.string(),
  }),
  z.object({ type: z.literal('profile.updated'), topic: profileTopic, profileId: z.string() }),
  z.object({
    type: z.literal('notifications.changed'),
    /** Only to the member concerned: the bell's new number. */
    topic: inboxTopic,
    unseen: z.number().int().nonnegative(),
  }),
  z.object({
    type: z.literal('application.changed'),
    /** To the athlete and to the offer's poster: both screens show the same stage. */
    topic: inboxTopic,
    applicationId: z.string(),
    offerId: z.string(),
    stage: z.enum(APPLICATION_STAGES),
  }),
] as const;

/** Control replies from the server. */
const serverControls = [
  z.object({
    type: z.literal('ready'),
    profileId: z.string(),
    /** How many messages wait unread: sent at every (re)authentication. */
    unreadMessages: z.number().int().nonnegative(),
    /** How many message requests wait (Messages → Message requests (N)). */
    messageRequests: z.number().int().nonnegative().optional(),
    /** How many notifications came since the list was last opened, for the bell. */
    unseenNotifications: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal('subscribed'), topic: topicSchema }),
  z.object({ type: z.literal('refused'), topic: topicSchema, reason: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
] as const;

export type ServerEvent = z.infer<(typeof serverEvents)[number]>;

/** Every frame the server sends. */
export const serverFrameSchema = z.discriminatedUnion('type', [...serverEvents, ...serverControls]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** How long a connection may wait before authenticating, and the heartbeat period. */
export const REALTIME = {
  authTimeoutMs: 5_000,
  heartbeatMs: 25_000,
} as const;

/**
 * WebSocket close codes: 4401 when authentication fails or lapses, 4400 for a malformed frame,
 * 1012 (Service Restart) when the server drains for a stop: the client reconnects soon, through
 * the balancer to another instance.
 */
export const REALTIME_CLOSE = { unauthorized: 4401, badRequest: 4400, restarting: 1012 } as const;
