import type { z } from 'zod';

import { isVariantOf } from '@arena/shared/image-variants';
import { MESSAGES } from '@arena/shared/messages';
import type {
  Conversation,
  Message,
  MessagePage,
  sendMessageSchema,
} from '@arena/shared/message.schema';

import { AppError } from '../../http/app-error.ts';
import type { Executor } from '../../db/database.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { Signer } from '../auth/signing-keys.ts';
import type { GuardianNotices } from '../guardians/guardians.service.ts';
import { imageSizes } from '../media/image-sizes.ts';
import { claimedMedia } from '../videos/claimed-media.ts';
import { videoView } from '../videos/video-view.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { SafetyRepository } from '../safety/safety.repository.ts';
import type { MessageRequestsService } from './message-requests.service.ts';
import {
  conversationOf,
  type MessageMedia,
  type MessagingRepository,
  NO_MESSAGE_MEDIA,
} from './messaging.repository.ts';

export type MessagingService = ReturnType<typeof createMessagingService>;

/** How long a message's media link stays valid. */
const MEDIA_LINK_SECONDS = 60 * 60;

type MessageRow = Awaited<ReturnType<MessagingRepository['insertMessage']>>;

export function createMessagingService(deps: {
  repo: MessagingRepository;
  profiles: ProfilesRepository;
  media: MediaRepository;
  signer: Signer;
  bus: EventBus;
  safety?: Pick<SafetyRepository, 'between'>;
  /** "Who can message me", the minor rules and Message requests (without it: none apply). */
  requests?: Pick<MessageRequestsService, 'refuseForbiddenContact' | 'admit' | 'pendingCount'>;
  guardians?: Pick<GuardianNotices, 'messageSent'> | undefined;
  /** Queues the unread message's email and push, in the message's transaction. */
  noticeUnread?: (
    tx: Executor,
    message: { id: string; recipientId: string; conversationId: string },
  ) => Promise<void>;
}) {
  const { repo, profiles, media, signer, bus, noticeUnread, requests } = deps;
  const notFound = () => new AppError('not_found', MESSAGES.messaging.notParticipant);

  /**
   * Refuses a message between members with a block between them: to the one blocked, the other
   * does not exist; the one who blocked is told to unblock first.
   */
  function refuseBlocks(blocks: { blocking: boolean; blockedBy: boolean }) {
    if (blocks.blockedBy) throw new AppError('not_found', MESSAGES.messaging.userNotFound);
    if (blocks.blocking) throw new AppError('bad_request', MESSAGES.safety.unblockToMessage);
  }

  async function refuseBlocked(auth: AuthContext, otherId: string) {
    if (!deps.safety) return;
    refuseBlocks(await deps.safety.between(auth.profileId, otherId));
  }

  /**
   * Private media: a signed link that opens this one file, and the display sizes made from it,
   * for an hour (the sizes share the link's token: they show nothing the original does not).
   */
  async function toMessage(row: MessageRow): Promise<Message> {
    const { mediaPath, mediaWidth, mediaHeight, mediaVariantWidths, mediaStatus } = row;
    const { mediaPosterPath, mediaSmallPath } = row;
    let mediaUrl: string | null = null;
    let mediaImage: Message['mediaImage'] = null;
    let video: Message['video'] = null;
    /** A link that opens `key` and the display sizes made from it. */
    const signedLink = async (key: string) => {
      const { token } = await signer.signFile({ bucket: 'message-media', key }, MEDIA_LINK_SECONDS);
      return (path: string) =>
        `/files/signed/message-media/${path}?token=${encodeURIComponent(token)}`;
    };
    if (mediaPath) {
      const signed = await signedLink(mediaPath);
      // A video's file is not there until it is processed (or ever, if that failed).
      mediaUrl = mediaStatus === null ? signed(mediaPath) : null;
      if (row.mediaType === 'image') {
        mediaImage = imageSizes(
          {
            path: mediaPath,
            width: mediaWidth,
            height: mediaHeight,
            variantWidths: mediaVariantWidths,
          },
          signed,
        );
      }
      // The poster and the 720p copy are files of their own, each with its own link.
      const links = new Map<string, (path: string) => string>();
      for (const key of [mediaPosterPath, mediaSmallPath]) {
        if (key) links.set(key, await signedLink(key));
      }
      const linkOf = (path: string) =>
        [...links].find(([key]) => path === key || isVariantOf(path, key))?.[1](path) ??
        signed(path);
      video = videoView(row, linkOf);
    }
    return {
      id: row.id,
      conversationId: row.conversationId,
      senderId: row.senderId,
      content: row.content,
      mediaType: row.mediaType,
      mediaUrl,
      mediaImage,
      video,
      read: row.read,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function requireParticipant(auth: AuthContext, conversationId: string) {
    const conversation = await repo.findForParticipant(conversationId, auth.profileId);
    if (!conversation) throw notFound();
    return conversation;
  }

  return {
    isParticipant: async (conversationId: string, profileId: string) =>
      (await repo.findForParticipant(conversationId, profileId)) !== undefined,

    /** Opens the conversation with `username`, starting it if there is none. */
    async open(auth: AuthContext, username: string): Promise<{ id: string }> {
      const other = await profiles.findIdByUsername(username);
      if (!other) throw new AppError('not_found', MESSAGES.messaging.userNotFound);
      if (other.id === auth.profileId)
        throw new AppError('bad_request', MESSAGES.profile.cannotMessageSelf);
      await refuseBlocked(auth, other.id);
      await requests?.refuseForbiddenContact(auth.profileId, other.id);
      return { id: await repo.openBetween(auth.profileId, other.id) };
    },

    async list(auth: AuthContext): Promise<Conversation[]> {
      const rows = await repo.listFor(auth.profileId);
      // Requests waiting for the caller are listed apart (GET /api/conversations/requests).
      return rows.map((row) => conversationOf(row, auth.profileId, false));
    },

    async messages(
      auth: AuthContext,
      conversationId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<MessagePage> {
      await requireParticipant(auth, conversationId);
      const rows = await repo.listMessages(conversationId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return { items: await Promise.all(page.items.map(toMessage)), nextCursor: page.nextCursor };
    },

    async send(
      auth: AuthContext,
      conversationId: string,
      input: z.output<typeof sendMessageSchema>,
    ): Promise<Message> {
      // The conversation and the blocks between its two sides, in one read.
      const conversation = await repo.findForSender(conversationId, auth.profileId);
      if (!conversation) throw notFound();
      const other =
        conversation.user1Id === auth.profileId ? conversation.user2Id : conversation.user1Id;
      if (other === null) throw new AppError('bad_request', MESSAGES.privacy.otherSideDeleted);
      refuseBlocks(conversation);
      const { row, request, recipientMinor } = await repo.transaction(async (tx) => {
        // Refuses (minor rules), or makes a first message from outside their setting a request.
        const { request, recipientMinor } = requests
          ? await requests.admit(tx, auth.profileId, other, conversationId)
          : { request: false, recipientMinor: true };
        let attached: MessageMedia = NO_MESSAGE_MEDIA;
        if (input.mediaId) {
          const file = await media.claim(tx, input.mediaId, auth.userId, 'message-media');
          if (!file || file.videoStatus === 'failed')
            throw new AppError('bad_request', MESSAGES.messaging.uploadFailed);
          attached = {
            mediaPath: file.path,
            mediaType: file.contentType.startsWith('video/') ? 'video' : 'image',
            ...claimedMedia(input.mediaId, file),
          };
        }
        const inserted = await repo.insertMessage(tx, {
          conversationId,
          senderId: auth.profileId,
          content: input.content,
          ...attached,
        });
        // A request stays quiet: no email or push, and nothing in the recipient's inbox feed.
        if (!request) {
          await noticeUnread?.(tx, { id: inserted.id, recipientId: other, conversationId });
        }
        return { row: inserted, request, recipientMinor };
      });
      const message = await toMessage(row);
      await Promise.all([
        bus.publish({ type: 'message.created', topic: `conversation:${conversationId}`, message }),
        request
          ? bus.publish({ type: 'message.requested', topic: `inbox:${other}`, conversationId })
          : bus.publish({ type: 'message.created', topic: `inbox:${other}`, message }),
        bus.publish({ type: 'message.created', topic: `inbox:${auth.profileId}`, message }),
      ]);
      // An organisation writing to a minor: their confirmed guardian gets a copy (issue 25). Only
      // a minor has one: for anyone else, no need to ask.
      if (recipientMinor)
        await deps.guardians?.messageSent({
          id: row.id,
          senderId: auth.profileId,
          recipientId: other,
        });
      return message;
    },

    /**
     * Tells both sides of a message that it changed (its video became playable or failed), as
     * `message.updated`: their open conversation and their inbox replace it.
     */
    async announceChanged(messageId: string): Promise<void> {
      const found = await repo.findMessage(messageId);
      if (!found) return;
      const message = await toMessage(found.message);
      const { conversationId } = found.message;
      await Promise.all([
        bus.publish({ type: 'message.updated', topic: `conversation:${conversationId}`, message }),
        ...[found.user1Id, found.user2Id].flatMap((member) =>
          member
            ? [bus.publish({ type: 'message.updated', topic: `inbox:${member}`, message })]
            : [],
        ),
      ]);
    },

    /** Marks the other person's messages read; both sides hear of it. */
    async markRead(auth: AuthContext, conversationId: string): Promise<{ marked: number }> {
      const conversation = await requireParticipant(auth, conversationId);
      const marked = await repo.markRead(conversationId, auth.profileId);
      if (marked > 0) {
        const other =
          conversation.user1Id === auth.profileId ? conversation.user2Id : conversation.user1Id;
        const event = { type: 'messages.read', conversationId, readerId: auth.profileId } as const;
        await Promise.all([
          bus.publish({ ...event, topic: `conversation:${conversationId}` }),
          other === null ? undefined : bus.publish({ ...event, topic: `inbox:${other}` }),
          bus.publish({ ...event, topic: `inbox:${auth.profileId}` }),
        ]);
      }
      return { marked };
    },

    unread: async (auth: AuthContext) => {
      const [unread, waiting] = await Promise.all([
        repo.unreadTotal(auth.profileId),
        requests ? requests.pendingCount(auth.profileId) : 0,
      ]);
      return { unread, requests: waiting };
    },

    /** How many messages wait unread for a profile (for the realtime socket's greeting). */
    unreadTotal: (profileId: string) => repo.unreadTotal(profileId),

    /** How many message requests wait for a profile (for the greeting too). */
    requestCount: async (profileId: string) => (requests ? requests.pendingCount(profileId) : 0),
  };
}
