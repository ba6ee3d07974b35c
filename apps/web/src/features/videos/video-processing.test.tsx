import { MESSAGES } from '@arena/shared/messages';
import type { ServerFrame } from '@arena/shared/realtime';
import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { makeSession } from '../../test/fake-api.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { makeAuthor, makePost, page, postItem, setupProviders } from '../../test/posts-harness.tsx';
import { processingVideo, VIDEO_ID } from '../../test/video-data.ts';
import { PostMedia } from '../posts/post-media.tsx';
import { postKeys } from '../posts/post-queries.ts';
import { VideoProgressLive } from './video-progress-live.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const me = makeSession('token-1').profile;

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** My post whose video is being processed, in my profile's list, with the live view mounted. */
async function renderProcessingPost() {
  const post = makePost({
    author: makeAuthor({ ...me }),
    mediaType: 'video',
    mediaUrl: '/files/posts/not-yet.mp4',
    video: processingVideo(),
  });
  const providers = setupProviders();
  providers.queryClient.setQueryData(postKeys.profile(me.username), {
    pages: [page([postItem(post)])],
    pageParams: [null],
  });
  render(
    <>
      <VideoProgressLive />
      <PostMedia post={post} />
    </>,
    { wrapper: providers.Wrapper },
  );
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.open());
  act(() => socket.receive({ type: 'ready', profileId: me.id, unreadMessages: 0 }));
  const push = (frame: ServerFrame) => act(() => socket.receive(frame));
  const progress = (status: 'processing' | 'ready' | 'failed', percent: number, id = VIDEO_ID) =>
    push({ type: 'video.changed', topic: `inbox:${me.id}`, video: { id, status, percent } });
  const listInvalidated = () =>
    providers.queryClient.getQueryState(postKeys.profile(me.username))?.isInvalidated;
  return { progress, listInvalidated };
}

it('stands in for the player with the live progress, and refreshes the post when it is ready', async () => {
  const { progress, listInvalidated } = await renderProcessingPost();
  expect(screen.getByText(MESSAGES.post.videoProcessing)).toBeInTheDocument();
  expect(screen.queryByLabelText('Video posted by Jordan Miles')).toBeNull();
  const bar = screen.getByRole('progressbar', { name: 'Video processing' });
  // Nothing heard yet: the bar does not pretend to know.
  expect(bar).not.toHaveAttribute('aria-valuenow');

  progress('processing', 40);
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
  expect(listInvalidated()).toBe(false);

  progress('ready', 100);
  await waitFor(() => expect(listInvalidated()).toBe(true));
  expect(toast.error).not.toHaveBeenCalled();
});

it('tells the author when the video could not be processed', async () => {
  const { progress, listInvalidated } = await renderProcessingPost();
  // Another of my videos (a message's, say) is none of this post's business.
  progress('failed', 0, '5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e');
  expect(listInvalidated()).toBe(false);
  expect(toast.error).not.toHaveBeenCalled();

  progress('failed', 0);
  await waitFor(() => expect(listInvalidated()).toBe(true));
  expect(toast.error).toHaveBeenCalledWith(MESSAGES.post.videoFailed);
});
