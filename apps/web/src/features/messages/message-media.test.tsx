import { MESSAGES } from '@arena/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it } from 'vitest';

import { MessageMedia } from './message-media.tsx';
import { ME, message } from '../../test/messages-data.ts';
import { processingVideo, readyVideo, VIDEO_ID } from '../../test/video-data.ts';
import { setVideoProgress } from '../videos/video-progress.ts';

const signed = (key: string) => `/files/signed/message-media/u1/${key}?token=t0k`;

it('offers a photo’s sizes for the width it is shown at, 192 px high', () => {
  render(
    <MessageMedia
      senderName="Casey"
      message={message({
        mediaType: 'image',
        mediaUrl: signed('1-ab.webp'),
        mediaImage: {
          width: 1920,
          height: 1080,
          variants: [320, 640, 1080].map((width) => ({
            width,
            url: signed(`1-ab_w${width}.webp`),
          })),
        },
      })}
    />,
  );
  const img = screen.getByRole('img', { name: 'Photo from Casey' });
  expect(img).toHaveAttribute(
    'srcset',
    `${signed('1-ab_w320.webp')} 320w, ${signed('1-ab_w640.webp')} 640w, ${signed('1-ab_w1080.webp')} 1080w, ${signed('1-ab.webp')} 1920w`,
  );
  // 192 × 1920 / 1080 = 341.3 CSS pixels wide.
  expect(img).toHaveAttribute('sizes', '341px');
  expect(img).toHaveAttribute('width', '1920');
  expect(img).toHaveAttribute('height', '1080');
});

it('shows a photo from before sizes were made as it is', () => {
  render(
    <MessageMedia
      senderName="Casey"
      message={message({ mediaType: 'image', mediaUrl: signed('1-ab.webp'), mediaImage: null })}
    />,
  );
  const img = screen.getByRole('img', { name: 'Photo from Casey' });
  expect(img).toHaveAttribute('src', signed('1-ab.webp'));
  expect(img).not.toHaveAttribute('srcset');
});

function withProgress(percent: number) {
  const queryClient = new QueryClient();
  setVideoProgress(queryClient, { id: VIDEO_ID, status: 'processing', percent });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

it('holds a video’s place while it is processed, with its progress for the sender only', () => {
  const processing = message({ mediaType: 'video', mediaUrl: null, video: processingVideo() });
  const mine = render(
    <MessageMedia senderName="you" mine message={{ ...processing, senderId: ME }} />,
    { wrapper: withProgress(65) },
  );
  expect(screen.getByText(MESSAGES.post.videoProcessing)).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '65');
  mine.unmount();

  render(<MessageMedia senderName="Casey" message={processing} />, { wrapper: withProgress(65) });
  expect(screen.getByText(MESSAGES.post.videoProcessing)).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).toBeNull();
});

it('says so when a video could not be processed', () => {
  render(
    <MessageMedia
      senderName="Casey"
      message={message({
        mediaType: 'video',
        mediaUrl: null,
        video: readyVideo({ status: 'failed' }),
      })}
    />,
  );
  expect(screen.getByText(MESSAGES.messaging.videoFailed)).toBeInTheDocument();
  expect(screen.queryByLabelText('Video from Casey')).toBeNull();
});

it('plays a ready video from its poster, fetching only its metadata first', () => {
  render(
    <MessageMedia
      senderName="Casey"
      message={message({ mediaType: 'video', mediaUrl: signed('1-ab.mp4'), video: readyVideo() })}
    />,
  );
  const video = screen.getByLabelText('Video from Casey');
  expect(video).toHaveAttribute('src', signed('1-ab.mp4'));
  expect(video).toHaveAttribute('poster', '/files/posts/clip-poster.webp');
  expect(video).toHaveAttribute('preload', 'metadata');
});
