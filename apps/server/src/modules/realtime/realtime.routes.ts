import type { WebSocket } from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import {
  REALTIME,
  REALTIME_CLOSE as CLOSE,
  clientMessageSchema,
  type ServerFrame,
  type Topic,
} from '@arena/shared/realtime';

import { AppError } from '../../http/app-error.ts';
import type { SameOriginCheck } from '../../http/same-origin.ts';
import type { VerifiedAccess } from '../auth/signing-keys.ts';
import type { EventBus } from './event-bus.ts';
import { createFeedAudience } from './feed-audience.ts';
import { mayListen, parseTopic } from './topics.ts';

export interface RealtimeOptions {
  bus: EventBus;
  verify: (token: string) => Promise<VerifiedAccess | null>;
  isParticipant: (conversationId: string, profileId: string) => Promise<boolean>;
  /** Sent with 'ready', so a tab shows its unread count without asking over HTTP. */
  unreadMessages: (profileId: string) => Promise<number>;
  /** Sent with 'ready' too: how many message requests wait. */
  messageRequests: (profileId: string) => Promise<number>;
  /** Sent with 'ready' too: the bell's number. */
  unseenNotifications: (profileId: string) => Promise<number>;
  /**
   * Of these listeners, those who must not hear of `authorId`'s new post or comment (a block
   * either way, or they muted the author): the lists they load leave those out too.
   */
  hidingFrom: (profileIds: readonly string[], authorId: string) => Promise<Set<string>>;
  /** Whom a member follows: their feed hears new posts and reposts of these members only. */
  following: (profileId: string) => Promise<readonly string[]>;
  /**
   * Refuses an upgrade from another site's page. A browser lets any page open a WebSocket to any
   * server; the socket needs an access token before it hears anything, but a page of another
   * site has no business here at all.
   */
  sameOrigin: SameOriginCheck;
}

interface Connection {
  socket: WebSocket;
  auth: VerifiedAccess | null;
  topics: Set<Topic>;
  expiry?: NodeJS.Timeout;
  alive: boolean;
}

/**
 * `/api/realtime`: one socket per tab. The client authenticates with its access token (and again
 * after each refresh), then subscribes to topics; the server checks each subscription.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (
  app,
  {
    bus,
    verify,
    isParticipant,
    unreadMessages,
    messageRequests,
    unseenNotifications,
    hidingFrom,
    following,
    sameOrigin,
  },
) => {
  const byTopic = new Map<Topic, Set<Connection>>();
  const connections = new Set<Connection>();
  const feedAudience = createFeedAudience<Connection>();

  const send = (connection: Connection, frame: ServerFrame) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(frame));
  };

  let delivery: Promise<void> = Promise.resolve();
  const stopListening = bus.listen((event) => {
    if (event.type === 'sessions.ended') {
      // A session ended on any instance: its sockets stop hearing anything at once.
      const ended = new Set(event.sessionIds);
      for (const connection of connections) {
        if (connection.auth && ended.has(connection.auth.sessionId))
          connection.socket.close(CLOSE.unauthorized, 'session ended');
      }
      return;
    }
    // Only the auth service listens to this one.
    if (event.type === 'factors.changed') return;
    if (event.type === 'follows.changed') {
      feedAudience.changed(event.followerId, event.followeeId, event.following);
      return;
    }
    // A new post or repost goes to the followers online of whoever posted or reposted it, not to
    // every feed: what each receives says enough to offer "new posts" without asking the server.
    const listeners =
      event.type === 'post.created'
        ? feedAudience.followersOf(event.post.authorId)
        : event.type === 'post.reposted'
          ? feedAudience.followersOf(event.reposterId)
          : byTopic.get(event.topic);
    if (!listeners || listeners.size === 0) return;
    const authorId =
      event.type === 'comment.created'
        ? event.comment.author.id
        : event.type === 'post.created'
          ? event.post.authorId
          : event.type === 'post.reposted'
            ? event.reposterId
            : null;
    // Events go out in the order they came, whether or not one waits for the block check.
    delivery = delivery
      .then(async () => {
        const hidden = authorId
          ? await hidingFrom(
              [...listeners].flatMap((connection) =>
                connection.auth ? [connection.auth.profileId] : [],
              ),
              authorId,
            )
          : null;
        const frame = JSON.stringify(event);
        for (const connection of listeners) {
          if (hidden && connection.auth && hidden.has(connection.auth.profileId)) continue;
          if (connection.socket.readyState === connection.socket.OPEN)
            connection.socket.send(frame);
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'realtime delivery failed'));
  });

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, REALTIME.heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopListening();
    for (const connection of connections) connection.socket.close(1001, 'server shutting down');
  });

  const leave = (connection: Connection, topic: Topic) => {
    connection.topics.delete(topic);
    const listeners = byTopic.get(topic);
    listeners?.delete(connection);
    if (listeners?.size === 0) byTopic.delete(topic);
  };

  /** A plain HTTP request here gets a clear 400 in the API's error shape. */
  const upgradeOnly = {
    onRequest: [
      async (request: FastifyRequest) => {
        if (!request.ws)
          throw new AppError('bad_request', 'This address takes WebSocket connections only.');
      },
      sameOrigin,
    ],
    schema: { hide: true },
  };

  app.get('/realtime', { websocket: true, ...upgradeOnly }, (socket) => {
    const connection: Connection = { socket, auth: null, topics: new Set(), alive: true };
    connections.add(connection);
    const authDeadline = setTimeout(() => {
      if (!connection.auth) socket.close(CLOSE.unauthorized, 'authentication required');
    }, REALTIME.authTimeoutMs);

    socket.on('pong', () => {
      connection.alive = true;
    });

    socket.on('close', () => {
      clearTimeout(authDeadline);
      clearTimeout(connection.expiry);
      for (const topic of [...connection.topics]) leave(connection, topic);
      feedAudience.leave(connection);
      connections.delete(connection);
    });

    socket.on('message', (data) => {
      connection.alive = true;
      void (async () => {
        let message;
        try {
          message = clientMessageSchema.parse(JSON.parse((data as Buffer).toString('utf8')));
        } catch {
          socket.close(CLOSE.badRequest, 'malformed message');
          return;
        }
        switch (message.type) {
          case 'ping':
            send(connection, { type: 'pong' });
            return;
          case 'auth': {
            const access = await verify(message.token);
            // A renewed token must belong to the same person.
            if (!access || (connection.auth && connection.auth.profileId !== access.profileId)) {
              socket.close(CLOSE.unauthorized, 'invalid token');
              return;
            }
            connection.auth = access;
            clearTimeout(connection.expiry);
            connection.expiry = setTimeout(
              () => socket.close(CLOSE.unauthorized, 'token expired'),
              Math.max(0, access.expiresAt.getTime() - Date.now()),
            );
            send(connection, {
              type: 'ready',
              profileId: access.profileId,
              unreadMessages: await unreadMessages(access.profileId),
              messageRequests: await messageRequests(access.profileId),
              unseenNotifications: await unseenNotifications(access.profileId),
            });
            return;
          }
          case 'subscribe':
          case 'unsubscribe': {
            if (!connection.auth) {
              socket.close(CLOSE.unauthorized, 'authentication required');
              return;
            }
            const parsed = parseTopic(message.topic);
            const topic = message.topic as Topic;
            if (message.type === 'unsubscribe') {
              leave(connection, topic);
              if (topic === 'feed') feedAudience.leave(connection);
              return;
            }
            if (!parsed || !(await mayListen(parsed, connection.auth.profileId, isParticipant))) {
              send(connection, { type: 'refused', topic, reason: 'not allowed' });
              return;
            }
            connection.topics.add(topic);
            const listeners = byTopic.get(topic) ?? new Set<Connection>();
            listeners.add(connection);
            byTopic.set(topic, listeners);
            if (topic === 'feed') {
              const { profileId } = connection.auth;
              await feedAudience.join(connection, profileId, () => following(profileId));
            }
            send(connection, { type: 'subscribed', topic });
            return;
          }
        }
      })().catch((error: unknown) => {
        app.log.error({ err: error }, 'realtime message failed');
        send(connection, { type: 'error', message: 'Something went wrong on our side.' });
      });
    });
  });
};
