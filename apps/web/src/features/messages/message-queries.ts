import type { MediaType } from '@arena/shared/constants';
import {
  conversationListSchema,
  messagePageSchema,
  messageSchema,
  unreadTotalSchema,
} from '@arena/shared/message.schema';
import type { Message } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';

import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { apiJson } from '../../lib/http/client.ts';
import { ApiRequestError } from '../../lib/http/request.ts';
import { uploadMessageMedia } from './message-media-upload.ts';
import {
  addToThread,
  applyToConversations,
  markThreadRead,
  messageKeys,
  pendingMessageId,
  removeFromThread,
  resetUnread,
  settlePending,
} from './messages-cache.ts';

/** How many messages a page of history holds. */
export const MESSAGE_PAGE_SIZE = 30;

const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;
const openedSchema = z.object({ id: z.uuid() });
const markedSchema = z.object({ marked: z.number().int() });

/** Your conversations, most recent first, each with its preview and unread count. */
export function useConversationsQuery() {
  return useQuery({
    queryKey: messageKeys.conversations(),
    queryFn: ({ signal }) => apiJson('/api/conversations', conversationListSchema, { signal }),
  });
}

/** How many messages wait unread in all your conversations (the Messages badge). */
export function useUnreadTotalQuery(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => apiJson('/api/me/unread-messages', unreadTotalSchema, { signal }),
    select: (data) => data.unread,
    enabled,
  });
}

/** A conversation's history, a page at a time going back (pages and items newest first). */
export function useThreadQuery(conversationId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiJson(
        `${conversationPath(conversationId)}/messages?${params.toString()}`,
        messagePageSchema,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Opens the conversation with `username`, starting it if there is none; resolves to its id. */
export function useOpenConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      apiJson('/api/conversations', openedSchema, { method: 'POST', body: { username } }),
    // A conversation just started is not in the list yet: have it there before selecting it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
  });
}

/** Marks the other person's messages in a conversation read; its unread count drops at once. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  const me = useCurrentUser()?.profile.id;
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiJson(`${conversationPath(conversationId)}/read`, markedSchema, { method: 'POST' }),
    onMutate: (conversationId) => {
      resetUnread(queryClient, conversationId);
    },
    onSuccess: (_, conversationId) => {
      if (me) markThreadRead(queryClient, conversationId, me);
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
  });
}

/** A photo or video ready to upload, and what the screen shows of it meanwhile. */
export interface OutgoingMedia {
  file: Blob;
  fileName: string;
  kind: MediaType;
  /** An object URL; null where the browser cannot draw the file (HEIC). */
  previewUrl: string | null;
}

export interface OutgoingMessage {
  conversationId: string;
  /** Trimmed; null when only media is sent. */
  content: string | null;
  media: OutgoingMedia | null;
}

/** The upload failed, so nothing was sent. */
class MediaUploadFailed extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.messaging.uploadFailed, { cause });
  }
}

function sendErrorMessage(error: unknown): string {
  if (!(error instanceof MediaUploadFailed)) return MESSAGES.messaging.sendFailed;
  const { cause } = error;
  // The server's own words when it refused the file itself (its type or size).
  if (cause instanceof ApiRequestError && (cause.status === 413 || cause.status === 415))
    return cause.message;
  return MESSAGES.messaging.uploadFailed;
}

/**
 * Sends a message (uploading its media first). It shows in the conversation at once; if sending
 * fails it is taken out again, the reason is toasted and `onFailed` gets the draft back.
 */
export function useSendMessageMutation({
  onFailed,
}: { onFailed?: (message: OutgoingMessage) => void } = {}) {
  const queryClient = useQueryClient();
  const me = useCurrentUser()?.profile.id ?? '';
  return useMutation({
    mutationFn: async ({ conversationId, content, media }: OutgoingMessage) => {
      let mediaId: string | null = null;
      if (media) {
        try {
          mediaId = (await uploadMessageMedia(media.file, media.fileName)).id;
        } catch (error) {
          throw new MediaUploadFailed(error);
        }
      }
      return apiJson(`${conversationPath(conversationId)}/messages`, messageSchema, {
        method: 'POST',
        body: { content, mediaId },
      });
    },
    onMutate: ({ conversationId, content, media }) => {
      const pending: Message = {
        id: pendingMessageId(),
        conversationId,
        senderId: me,
        content,
        mediaUrl: media?.previewUrl ?? null,
        mediaType: media?.kind ?? null,
        mediaImage: null,
        read: false,
        createdAt: new Date().toISOString(),
      };
      addToThread(queryClient, pending);
      return { pendingId: pending.id };
    },
    onSuccess: (message, outgoing, context) => {
      settlePending(queryClient, context.pendingId, message);
      if (!applyToConversations(queryClient, message, me, false))
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
      if (outgoing.media?.previewUrl) URL.revokeObjectURL(outgoing.media.previewUrl);
    },
    onError: (error, outgoing, context) => {
      if (context) removeFromThread(queryClient, outgoing.conversationId, context.pendingId);
      toast.error(sendErrorMessage(error));
      onFailed?.(outgoing);
    },
  });
}
