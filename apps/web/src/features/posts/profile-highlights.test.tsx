import { render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { makePost, setupProviders } from '../../test/posts-harness.tsx';
import { readyVideo } from '../../test/video-data.ts';
import { highlightKeys } from './highlight-queries.ts';
import { ProfileHighlights } from './profile-highlights.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHighlights(items: unknown[], isOwn: boolean) {
  const providers = setupProviders({
    api: { '/api/profiles/alice/highlights': [{ status: 200, body: { items } }] },
  });
  render(<ProfileHighlights username="alice" isOwn={isOwn} count={items.length} />, {
    wrapper: providers.Wrapper,
  });
  return providers;
}

it('lists the pinned videos in their order, as small players from their poster', async () => {
  const first = makePost({
    content: 'Hat-trick vs Rovers',
    mediaType: 'video',
    mediaUrl: '/files/posts/a.mp4',
    video: readyVideo(),
  });
  const second = makePost({
    content: 'Free kick',
    mediaType: 'video',
    mediaUrl: '/files/posts/b.mp4',
    video: readyVideo({ smallUrl: null, posterUrl: '/files/posts/b-poster.webp' }),
  });
  renderHighlights([first, second], false);
  const section = await screen.findByRole('region', { name: 'Highlights' });
  const [one, two] = within(section).getAllByRole('listitem');
  const video = within(one!).getByLabelText('Highlight 1');
  expect(video).toHaveAttribute('poster', '/files/posts/clip-poster.webp');
  expect(video).toHaveAttribute('preload', 'metadata');
  // Small on any screen: the 720p copy when there is one.
  expect(video).toHaveAttribute('src', '/files/posts/clip_720.mp4');
  expect(within(one!).getByRole('link', { name: 'Hat-trick vs Rovers' })).toHaveAttribute(
    'href',
    `/posts/${first.id}`,
  );
  expect(within(two!).getByLabelText('Highlight 2')).toHaveAttribute('src', '/files/posts/b.mp4');
});

it('is not there for visitors of a profile without highlights, and asks for nothing', async () => {
  const { queryClient } = renderHighlights([], false);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(queryClient.getQueryState(highlightKeys.of('alice'))?.status).not.toBe('success');
  expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
});

it('tells its owner how to fill it', async () => {
  renderHighlights([], true);
  const section = await screen.findByRole('region', { name: 'Highlights' });
  expect(section).toHaveTextContent('Pin up to 6 of your videos');
});
