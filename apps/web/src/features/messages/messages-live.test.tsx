import { act, render, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { FakeSocket } from '../../test/fake-socket.ts';
import { CONVERSATION_ID, ME, message } from '../../test/messages-data.ts';
import { setupProviders } from '../../test/posts-harness.tsx';
import { processingVideo, readyVideo } from '../../test/video-data.ts';
import { messageKeys, threadMessages } from './messages-cache.ts';
import type { Thread } from './messages-cache.ts';
import { useConversationLive } from './messages-live.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function OpenConversation() {
  useConversationLive(CONVERSATION_ID);
  return null;
}

it('shows a message whose video became playable as it now is, in its place', async () => {
  const processing = message({ mediaType: 'video', mediaUrl: null, video: processingVideo() });
  const later = message({ content: 'Did it upload?' });
  const { queryClient, Wrapper } = setupProviders();
  queryClient.setQueryData<Thread>(messageKeys.thread(CONVERSATION_ID), {
    pages: [{ items: [later, processing], nextCursor: null }],
    pageParams: [null],
  });
  render(<OpenConversation />, { wrapper: Wrapper });
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.open());
  act(() => socket.receive({ type: 'ready', profileId: ME, unreadMessages: 0 }));

  const ready = {
    ...processing,
    mediaUrl: '/files/signed/clip.mp4?token=t0k',
    video: readyVideo(),
  };
  act(() =>
    socket.receive({
      type: 'message.updated',
      topic: `conversation:${CONVERSATION_ID}`,
      message: ready,
    }),
  );
  expect(threadMessages(queryClient, CONVERSATION_ID)).toEqual([later, ready]);
});
