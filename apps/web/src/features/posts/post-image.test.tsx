import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FEED_IMAGE_SIZES, PROFILE_IMAGE_SIZES } from './photo-sizes.ts';
import { PostMedia } from './post-media.tsx';
import { makePost, page, postItem, setupProviders } from '../../test/posts-harness.tsx';
import { ProfilePosts } from './profile-posts.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORIGINAL = '/files/post-media/u1/1700000000000-ab12cd34.webp';
const size = (width: number) => ({
  width,
  url: ORIGINAL.replace('.webp', `_w${width}.webp`),
});

function photoPost(content = 'Match day') {
  return makePost({
    content,
    mediaUrl: ORIGINAL,
    mediaType: 'image',
    mediaImage: { width: 2048, height: 1365, variants: [320, 640, 1080, 1600].map(size) },
  });
}

const photo = () => screen.getByRole<HTMLImageElement>('img', { name: /^Photo posted by/ });

describe('a post photo', () => {
  it('offers every stored size with the feed column width, and keeps its place while loading', () => {
    render(<PostMedia post={photoPost()} />);
    const img = photo();
    expect(img).toHaveAttribute(
      'srcset',
      [
        `${size(320).url} 320w`,
        `${size(640).url} 640w`,
        `${size(1080).url} 1080w`,
        `${size(1600).url} 1600w`,
        `${ORIGINAL} 2048w`,
      ].join(', '),
    );
    expect(img).toHaveAttribute('sizes', FEED_IMAGE_SIZES);
    expect(img).toHaveAttribute('width', '2048');
    expect(img).toHaveAttribute('height', '1365');
    expect(img).toHaveAttribute('src', ORIGINAL);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads at once, first in line, when it is the first of a list', () => {
    render(<PostMedia post={photoPost()} priority />);
    expect(photo()).toHaveAttribute('loading', 'eager');
    expect(photo()).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows a photo from before sizes were made as it is', () => {
    render(
      <PostMedia post={makePost({ mediaUrl: ORIGINAL, mediaType: 'image', mediaImage: null })} />,
    );
    const img = photo();
    expect(img).toHaveAttribute('src', ORIGINAL);
    for (const attribute of ['srcset', 'sizes', 'width', 'height']) {
      expect(img).not.toHaveAttribute(attribute);
    }
  });

  it('opens larger as the original, the largest size', async () => {
    const user = userEvent.setup();
    render(<PostMedia post={photoPost()} />);
    await user.click(screen.getByRole('button', { name: 'Open image larger' }));
    const dialog = await screen.findByRole('dialog');
    const large = within(dialog).getByRole('img');
    expect(large).toHaveAttribute('src', ORIGINAL);
    expect(large).not.toHaveAttribute('srcset');
  });
});

it("a profile's list gives the first photo priority and says its narrower column", async () => {
  const { Wrapper } = setupProviders({
    signedIn: false,
    api: {
      '/api/profiles/alice/posts': [
        {
          status: 200,
          body: page([postItem(photoPost('Newer')), postItem(photoPost('Older'))]),
        },
      ],
    },
  });
  render(<ProfilePosts username="alice" />, { wrapper: Wrapper });
  const list = await screen.findByRole('feed', { name: 'Posts' });
  const [first, second] = within(list).getAllByRole('img', { name: /^Photo posted by/ });
  expect(first).toHaveAttribute('loading', 'eager');
  expect(first).toHaveAttribute('fetchpriority', 'high');
  expect(second).toHaveAttribute('loading', 'lazy');
  expect(second).not.toHaveAttribute('fetchpriority');
  for (const img of [first, second]) expect(img).toHaveAttribute('sizes', PROFILE_IMAGE_SIZES);
});
