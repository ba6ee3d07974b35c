import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { makePost } from '../../test/posts-harness.tsx';
import { readyVideo } from '../../test/video-data.ts';
import { FakeIntersectionObserver, matchingMedia, stubPlayback } from '../../test/video-doubles.ts';
import { PostMedia } from './post-media.tsx';

const MP4 = '/files/posts/clip.mp4';

function videoPost(video = readyVideo()) {
  return makePost({ mediaType: 'video', mediaUrl: MP4, video });
}

const player = () => screen.getByLabelText<HTMLVideoElement>('Video posted by Alice Striker');

beforeEach(() => {
  FakeIntersectionObserver.install();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('shows the poster frame, loads only the metadata, and keeps the poster’s proportions', () => {
  render(<PostMedia post={videoPost()} />);
  const video = player();
  expect(video).toHaveAttribute('src', MP4);
  expect(video).toHaveAttribute('poster', '/files/posts/clip-poster.webp');
  expect(video).toHaveAttribute('preload', 'metadata');
  expect(video).toHaveAttribute('playsinline');
  expect(video).toHaveAttribute('controls');
  expect(video.style.aspectRatio).toBe('1920 / 1080');
});

it('plays the 720p copy on a narrow screen, and the MP4 when there is no copy', () => {
  vi.stubGlobal('matchMedia', matchingMedia('(max-width: 640px)'));
  const withCopy = render(<PostMedia post={videoPost()} />);
  expect(player()).toHaveAttribute('src', '/files/posts/clip_720.mp4');
  withCopy.unmount();

  render(<PostMedia post={videoPost(readyVideo({ smallUrl: null }))} />);
  expect(player()).toHaveAttribute('src', MP4);
});

it('starts muted in view, and the sound comes on with one tap', async () => {
  const { play } = stubPlayback();
  render(<PostMedia post={videoPost()} />);
  expect(player().muted).toBe(true);
  FakeIntersectionObserver.show(0.8);
  expect(play).toHaveBeenCalledTimes(1);

  await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
  expect(player().muted).toBe(false);
  expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
});

it('neither starts nor mutes itself under reduced motion', () => {
  vi.stubGlobal('matchMedia', matchingMedia('(prefers-reduced-motion: reduce)'));
  const { play } = stubPlayback();
  render(<PostMedia post={videoPost()} />);
  FakeIntersectionObserver.show(1);
  expect(play).not.toHaveBeenCalled();
  expect(player().muted).toBe(false);
  expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
});

it('plays an older video, which has no poster, as before', () => {
  render(
    <PostMedia post={videoPost(readyVideo({ posterUrl: null, poster: null, smallUrl: null }))} />,
  );
  expect(player()).toHaveAttribute('src', MP4);
  expect(player()).not.toHaveAttribute('poster');
  expect(player().style.aspectRatio).toBe('');
});

it('leaves out a video that could not be processed', () => {
  render(<PostMedia post={videoPost(readyVideo({ status: 'failed' }))} />);
  expect(screen.queryByLabelText('Video posted by Alice Striker')).toBeNull();
});
