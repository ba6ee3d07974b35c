import type { Conversation, Message, MessagePage } from '@arena/shared/message.schema';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/*
 * How the messaging caches change when a message is sent, arrives or is read. Each patch is
 * idempotent: the same message can come back from the POST, the conversation's topic and the
 * inbox's topic, in any order.
 */

export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  threads: () => [...messageKeys.all, 'thread'] as const,
  thread: (conversationId: string) => [...messageKeys.threads(), conversationId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  requests: () => [...messageKeys.all, 'requests'] as const,
};

/** A conversation's messages: pages newest first, each page's items newest first. */
export type Thread = InfiniteData<MessagePage, string | null>;

/** Messages shown before the server has them carry an id of this form. */
const PENDING_PREFIX = 'pending:';
let pendingCount = 0;

export function pendingMessageId(): string {
  pendingCount += 1;
  return `${PENDING_PREFIX}${pendingCount}`;
}

export function isPendingMessage(message: Pick<Message, 'id'>): boolean {
  return message.id.startsWith(PENDING_PREFIX);
}

function patchThread(
  queryClient: QueryClient,
  conversationId: string,
  patch: (items: Message[], pageIndex: number) => Message[],
): void {
  queryClient.setQueryData<Thread>(messageKeys.thread(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, items: patch(page.items, index) })),
        }
      : data,
  );
}

export function threadMessages(queryClient: QueryClient, conversationId: string): Message[] {
  const data = queryClient.getQueryData<Thread>(messageKeys.thread(conversationId));
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** Puts a message at the newest end of its conversation, unless it is there already. */
export function addToThread(queryClient: QueryClient, message: Message): void {
  if (threadMessages(queryClient, message.conversationId).some((m) => m.id === message.id)) return;
  patchThread(queryClient, message.conversationId, (items, index) =>
    index === 0 ? [message, ...items] : items,
  );
}

/**
 * Swaps a pending message for the one the server stored. If that one is there already (a
 * refetch brought it), the pending copy just goes; if a refetch dropped the pending copy, the
 * stored one is added.
 */
export function settlePending(queryClient: QueryClient, pendingId: string, stored: Message): void {
  const messages = threadMessages(queryClient, stored.conversationId);
  const known = messages.some((m) => m.id === stored.id);
  const pending = messages.find((m) => m.id === pendingId);
  // The other person may have read it before the POST answered (the read event came first).
  const message = pending?.read ? { ...stored, read: true } : stored;
  if (known || !pending) {
    removeFromThread(queryClient, message.conversationId, pendingId);
    addToThread(queryClient, message);
    return;
  }
  patchThread(queryClient, message.conversationId, (items) =>
    items.map((m) => (m.id === pendingId ? message : m)),
  );
}

/**
 * Puts the message as it now is (its video became playable, or failed) in place of the copy the
 * conversation holds. One the thread does not hold (not loaded, or further back) is left alone:
 * it comes as it is with the next fetch.
 */
export function replaceInThread(queryClient: QueryClient, message: Message): void {
  if (!threadMessages(queryClient, message.conversationId).some((m) => m.id === message.id)) return;
  patchThread(queryClient, message.conversationId, (items) =>
    // A receipt heard meanwhile stays: the update says nothing newer about reading.
    items.map((m) => (m.id === message.id ? { ...message, read: m.read || message.read } : m)),
  );
}

export function removeFromThread(queryClient: QueryClient, conversationId: string, id: string) {
  patchThread(queryClient, conversationId, (items) => items.filter((m) => m.id !== id));
}

/** `readerId` has read the conversation: every message sent to them is read. */
export function markThreadRead(queryClient: QueryClient, conversationId: string, readerId: string) {
  patchThread(queryClient, conversationId, (items) =>
    items.some((m) => m.senderId !== readerId && !m.read)
      ? items.map((m) => (m.senderId !== readerId && !m.read ? { ...m, read: true } : m))
      : items,
  );
}

/** As the server lists them: those with messages, most recent first, then empty ones. */
function byRecency(a: Conversation, b: Conversation): number {
  const held = Number(b.lastMessage !== null) - Number(a.lastMessage !== null);
  return held || b.lastMessageAt.localeCompare(a.lastMessageAt);
}

/**
 * Moves a conversation to the top with `message` (as the server stored it: its time is the
 * server's) as its preview. `countUnread` adds one to its
 * unread count (a message from the other person that is not being read right now). Returns
 * false when the conversation is not in the list (someone started a new one): refetch it.
 */
export function applyToConversations(
  queryClient: QueryClient,
  message: Message,
  me: string,
  countUnread: boolean,
): boolean {
  const list = queryClient.getQueryData<Conversation[]>(messageKeys.conversations());
  const conversation = list?.find((c) => c.id === message.conversationId);
  if (!list || !conversation) return false;
  // The same message again (from the POST and the topics), or an older one: nothing to do.
  if (conversation.lastMessage && conversation.lastMessageAt >= message.createdAt) return true;
  const updated: Conversation = {
    ...conversation,
    lastMessageAt: message.createdAt,
    lastMessage: {
      content: message.content,
      mediaType: message.mediaType,
      fromMe: message.senderId === me,
    },
    unreadCount: conversation.unreadCount + (countUnread ? 1 : 0),
  };
  queryClient.setQueryData<Conversation[]>(
    messageKeys.conversations(),
    list.map((c) => (c.id === updated.id ? updated : c)).sort(byRecency),
  );
  return true;
}

export function resetUnread(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueryData<Conversation[]>(messageKeys.conversations(), (list) =>
    list?.map((c) => (c.id === conversationId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c)),
  );
}
