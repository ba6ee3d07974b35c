import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { PostMedia } from '../posts/post-media.tsx';
import { makePost, page, postItem } from '../../test/posts-harness.tsx';
import { preloadFirstPhoto } from './first-photo.ts';

const ORIGINAL = '/files/post-media/u1/1700000000000-ab12cd34.webp';
const photoPost = () =>
  makePost({
    mediaUrl: ORIGINAL,
    mediaType: 'image',
    mediaImage: {
      width: 2048,
      height: 1365,
      variants: [320, 640, 1080, 1600].map((width) => ({
        width,
        url: ORIGINAL.replace('.webp', `_w${width}.webp`),
      })),
    },
  });

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];

afterEach(() => {
  for (const link of preloads()) link.remove();
});

describe('preloadFirstPhoto', () => {
  it('asks for the first entry’s photo with the srcset and sizes its <img> in the feed has', () => {
    const post = photoPost();
    preloadFirstPhoto(page([postItem(post), postItem(makePost())]));

    render(<PostMedia post={post} priority />);
    const img = screen.getByRole('img', { name: /^Photo posted by/ });
    const [link, ...others] = preloads();
    expect(others).toHaveLength(0);
    expect(link?.getAttribute('as')).toBe('image');
    expect(link?.getAttribute('href')).toBe(ORIGINAL);
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    expect(link?.getAttribute('imagesrcset')).toBe(img.getAttribute('srcset'));
    expect(link?.getAttribute('imagesizes')).toBe(img.getAttribute('sizes'));
  });

  it.each([
    ['a first entry without a photo', page([postItem(makePost()), postItem(photoPost())])],
    ['a video', page([postItem(makePost({ mediaUrl: '/files/v.mp4', mediaType: 'video' }))])],
    ['a photo without stored sizes', page([postItem({ ...photoPost(), mediaImage: null })])],
    ['an empty feed', page([])],
    ['something else', { error: 'nope' }],
  ])('asks for nothing for %s', (_, answer) => {
    preloadFirstPhoto(answer);
    expect(preloads()).toHaveLength(0);
  });
});
