import type { MediaType } from '@arena/shared/constants';
import {
  conversationListSchema,
  messagePageSchema,
  messageSchema,
  unreadTotalSchema,
} from '@arena/shared/message.schema';
import type { Message } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { mediaUploadSchema } from '@arena/shared/post.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';

import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import type { TokenSession } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
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
const MESSAGE_PAGE_SIZE = 30;

const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;
const openedSchema = z.object({ id: z.uuid() });
const markedSchema = z.object({ marked: z.number().int() });

/** Your conversations, most recent first, each with its preview and unread count. */
export function useConversationsQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: messageKeys.conversations(),
    queryFn: ({ signal }) =>
      request('/api/conversations', { session, schema: conversationListSchema, signal }),
  });
}

/** How many messages wait unread in all your conversations (the Messages badge). */
export function useUnreadTotalQuery(enabled: boolean) {
  const session = useSessionManager();
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) =>
      request('/api/me/unread-messages', { session, schema: unreadTotalSchema, signal }),
    select: (data) => data.unread,
    enabled,
  });
}

/**
 * How many message requests wait: from the same answer as the badge (the socket's greeting or
 * `/api/me/unread-messages`), which the navigation has already loaded; no request of its own.
 */
export function useMessageRequestCount(): number {
  const session = useSessionManager();
  const { data } = useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) =>
      request('/api/me/unread-messages', { session, schema: unreadTotalSchema, signal }),
    select: (total) => total.requests,
    enabled: false,
  });
  return data ?? 0;
}

/** A conversation's history, a page at a time going back (pages and items newest first). */
export function useThreadQuery(conversationId: string) {
  const session = useSessionManager();
  return useInfiniteQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return request(`${conversationPath(conversationId)}/messages?${params.toString()}`, {
        session,
        schema: messagePageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Opens the conversation with `username`, starting it if there is none; resolves to its id. */
export function useOpenConversationMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      request('/api/conversations', {
        session,
        schema: openedSchema,
        method: 'POST',
        body: { username },
      }),
    // A conversation just started is not in the list yet: have it there before selecting it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
  });
}

/** Marks the other person's messages in a conversation read; its unread count drops at once. */
export function useMarkReadMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser()?.profile.id;
  return useMutation({
    mutationFn: (conversationId: string) =>
      request(`${conversationPath(conversationId)}/read`, {
        session,
        schema: markedSchema,
        method: 'POST',
      }),
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

/**
 * Uploads a photo or video to send in a message (`POST /api/message-media`, multipart field
 * 'file'). The file stays private to the conversation it is sent in.
 */
function uploadMessageMedia(session: TokenSession, file: Blob, fileName: string) {
  const body = new FormData();
  body.append('file', file, fileName);
  return request('/api/message-media', {
    session,
    schema: mediaUploadSchema,
    method: 'POST',
    body,
    failureMessages: { other: MESSAGES.messaging.uploadFailed },
  });
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
  const session = useSessionManager();
  const queryClient = useQueryClient();
  const me = useCurrentUser()?.profile.id ?? '';
  return useMutation({
    mutationFn: async ({ conversationId, content, media }: OutgoingMessage) => {
      let mediaId: string | null = null;
      if (media) {
        try {
          mediaId = (await uploadMessageMedia(session, media.file, media.fileName)).id;
        } catch (error) {
          throw new MediaUploadFailed(error);
        }
      }
      return request(`${conversationPath(conversationId)}/messages`, {
        session,
        schema: messageSchema,
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
        // A video being sent plays from the device (`previewUrl`) until the server has it.
        video: null,
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
