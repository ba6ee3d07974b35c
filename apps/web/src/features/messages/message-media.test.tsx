import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

import { MessageMedia } from './message-media.tsx';
import { message } from '../../test/messages-data.ts';

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
