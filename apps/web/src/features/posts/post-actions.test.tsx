import { MESSAGES } from '@arena/shared/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { apiError, makeSession } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { makeAuthor, makePost, setupProviders } from '../../test/posts-harness.tsx';
import { processingVideo, readyVideo } from '../../test/video-data.ts';
import { PostActions } from './post-actions.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const me = makeSession('token-1').profile;
const HIGHLIGHTS = `/api/profiles/${me.username}/highlights`;
const PUT_HIGHLIGHTS = 'PUT /api/me/highlights';

const myVideo = (video = readyVideo()) =>
  makePost({
    author: makeAuthor({ ...me }),
    mediaType: 'video',
    mediaUrl: '/files/posts/clip.mp4',
    video,
  });

function renderActions(post: ReturnType<typeof makePost>, api: Record<string, FakeReply[]> = {}) {
  const providers = setupProviders({ api });
  render(
    <PostActions post={post} commentsOpen={false} commentsId="c" onToggleComments={() => {}} />,
    { wrapper: providers.Wrapper },
  );
  return { ...providers, user: userEvent.setup() };
}

it('pins my video after those already pinned, sending the whole list', async () => {
  const pinned = myVideo();
  const post = myVideo();
  const { api, user } = renderActions(post, {
    [HIGHLIGHTS]: [{ status: 200, body: { items: [pinned] } }],
    [PUT_HIGHLIGHTS]: [{ status: 200, body: { items: [pinned, post] } }],
  });
  const pin = await screen.findByRole('button', { name: 'Pin to highlights' });
  await waitFor(() => expect(pin).toBeEnabled());
  await user.click(pin);

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.post.highlightPinned));
  const [put] = api.calls.filter((call) => call.method === 'PUT');
  expect(put).toMatchObject({
    path: '/api/me/highlights',
    body: { postIds: [pinned.id, post.id] },
  });
  expect(await screen.findByRole('button', { name: 'Unpin from highlights' })).toBeEnabled();
});

it('unpins a pinned video, and toasts the server’s refusal', async () => {
  const post = myVideo();
  const { api, user } = renderActions(post, {
    [HIGHLIGHTS]: [{ status: 200, body: { items: [post] } }],
    [PUT_HIGHLIGHTS]: [apiError(400, 'bad_request', MESSAGES.post.highlightNotVideo)],
  });
  const unpin = await screen.findByRole('button', { name: 'Unpin from highlights' });
  await user.click(unpin);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.post.highlightNotVideo));
  expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ postIds: [] });
  expect(screen.getByRole('button', { name: 'Unpin from highlights' })).toBeEnabled();
});

it('is offered only on my own playable videos', async () => {
  const apis = [
    // Mine, still processing; someone else's video; my photo.
    myVideo(processingVideo()),
    makePost({ mediaType: 'video', mediaUrl: '/files/x.mp4', video: readyVideo() }),
    makePost({ author: makeAuthor({ ...me }), mediaType: 'image', mediaUrl: '/files/x.webp' }),
  ].map((post) => renderActions(post).api);
  expect(await screen.findAllByRole('button', { name: /^Like/ })).toHaveLength(3);
  expect(screen.queryByRole('button', { name: /highlights/ })).toBeNull();
  const calls = apis.flatMap((api) => api.calls);
  expect(calls.some((call) => call.path.endsWith('/highlights'))).toBe(false);
});
