import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { CASEY_ID, CONVERSATION_ID, ME, conversation, message } from '../../test/messages-data.ts';
import {
  addToThread,
  applyToConversations,
  markThreadRead,
  messageKeys,
  pendingMessageId,
  replaceInThread,
  settlePending,
  threadMessages,
} from './messages-cache.ts';
import type { Thread } from './messages-cache.ts';
import { processingVideo, readyVideo } from '../../test/video-data.ts';

function withThread(...items: ReturnType<typeof message>[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Thread>(messageKeys.thread(CONVERSATION_ID), {
    pages: [{ items, nextCursor: null }],
    pageParams: [null],
  });
  return queryClient;
}

const ids = (queryClient: QueryClient) =>
  threadMessages(queryClient, CONVERSATION_ID).map((m) => m.id);

describe('the thread cache', () => {
  it('adds a message once, at the newest end, however often it arrives', () => {
    const old = message();
    const queryClient = withThread(old);
    const arrived = message();
    addToThread(queryClient, arrived);
    addToThread(queryClient, arrived);
    expect(ids(queryClient)).toEqual([arrived.id, old.id]);
  });

  it('puts the stored message in place of the pending one, or just drops the pending copy', () => {
    const pending = { ...message({ senderId: ME }), id: pendingMessageId() };
    const stored = message({ senderId: ME });
    const queryClient = withThread(pending);
    settlePending(queryClient, pending.id, stored);
    expect(ids(queryClient)).toEqual([stored.id]);

    const second = { ...message({ senderId: ME }), id: pendingMessageId() };
    const secondStored = message({ senderId: ME });
    addToThread(queryClient, second);
    addToThread(queryClient, secondStored);
    settlePending(queryClient, second.id, secondStored);
    expect(ids(queryClient)).toEqual([secondStored.id, stored.id]);
  });

  it('keeps a read receipt that came before the POST answered', () => {
    const pending = { ...message({ senderId: ME }), id: pendingMessageId() };
    const queryClient = withThread(pending);
    markThreadRead(queryClient, CONVERSATION_ID, CASEY_ID);
    settlePending(queryClient, pending.id, message({ senderId: ME, read: false }));
    expect(threadMessages(queryClient, CONVERSATION_ID)[0]?.read).toBe(true);
  });

  it('puts a message as it now is in place of its copy, and ignores one it does not hold', () => {
    const processing = message({ mediaType: 'video', video: processingVideo(), read: true });
    const later = message();
    const queryClient = withThread(later, processing);
    const ready = {
      ...processing,
      mediaUrl: '/files/signed/clip.mp4?token=t0k',
      video: readyVideo(),
      read: false,
    };
    replaceInThread(queryClient, ready);
    const [first, second] = threadMessages(queryClient, CONVERSATION_ID);
    expect(first).toBe(later);
    // In its place, with its video now playable; a receipt heard meanwhile stays.
    expect(second).toEqual({ ...ready, read: true });

    replaceInThread(queryClient, message());
    expect(ids(queryClient)).toEqual([later.id, processing.id]);
  });

  it('marks read only the messages sent to the reader', () => {
    const queryClient = withThread(message({ senderId: ME }), message({ senderId: CASEY_ID }));
    markThreadRead(queryClient, CONVERSATION_ID, CASEY_ID);
    expect(threadMessages(queryClient, CONVERSATION_ID).map((m) => [m.senderId, m.read])).toEqual([
      [ME, true],
      [CASEY_ID, false],
    ]);
  });
});

describe('the conversation list', () => {
  it('moves the conversation up with the new preview, counting an unread message once', () => {
    const queryClient = new QueryClient();
    const other = conversation({ id: '6e2d1a8f-3c4b-4d5e-9fa0-2b3c4d5e6f70', unreadCount: 0 });
    const older = conversation({ lastMessageAt: '2020-01-01T00:00:00.000Z', unreadCount: 0 });
    queryClient.setQueryData(messageKeys.conversations(), [other, older]);
    const arrived = message({ content: 'New!', createdAt: new Date().toISOString() });

    expect(applyToConversations(queryClient, arrived, ME, true)).toBe(true);
    expect(applyToConversations(queryClient, arrived, ME, true)).toBe(true);
    const [first] = queryClient.getQueryData<ReturnType<typeof conversation>[]>(
      messageKeys.conversations(),
    )!;
    expect(first).toMatchObject({
      id: CONVERSATION_ID,
      unreadCount: 1,
      lastMessage: { content: 'New!', mediaType: null, fromMe: false },
    });
  });

  it('keeps an empty conversation below those with messages', () => {
    const queryClient = new QueryClient();
    const empty = conversation({
      id: '6e2d1a8f-3c4b-4d5e-9fa0-2b3c4d5e6f71',
      lastMessageAt: new Date(Date.now() + 60_000).toISOString(),
      lastMessage: null,
      unreadCount: 0,
    });
    const older = conversation({ lastMessageAt: '2020-01-01T00:00:00.000Z', unreadCount: 0 });
    queryClient.setQueryData(messageKeys.conversations(), [empty, older]);
    const arrived = message({ content: 'New!', createdAt: new Date().toISOString() });
    expect(applyToConversations(queryClient, arrived, ME, true)).toBe(true);
    const list = queryClient.getQueryData<ReturnType<typeof conversation>[]>(
      messageKeys.conversations(),
    )!;
    expect(list.map((c) => c.id)).toEqual([CONVERSATION_ID, empty.id]);
  });

  it('says when the conversation is not listed yet, so the list is fetched again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(messageKeys.conversations(), []);
    expect(applyToConversations(queryClient, message(), ME, true)).toBe(false);
  });
});
