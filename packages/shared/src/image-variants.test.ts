import { describe, expect, it } from 'vitest';

import {
  avatarKey,
  avatarVariants,
  isVariantOf,
  isVariantPath,
  srcSetOf,
  variantPath,
} from './image-variants.ts';

describe('display size names', () => {
  it('names a size beside its original, for a storage key or a URL', () => {
    expect(variantPath('u1/1700000000000-ab12cd34.webp', 640)).toBe(
      'u1/1700000000000-ab12cd34_w640.webp',
    );
    expect(variantPath('/files/post-media/u1/1-ab.webp', 320)).toBe(
      '/files/post-media/u1/1-ab_w320.webp',
    );
    expect(isVariantPath('u1/1-ab_w320.webp')).toBe(true);
    expect(isVariantPath('u1/1-ab.webp')).toBe(false);
  });

  it('refuses to name a size of a video or of another size', () => {
    expect(() => variantPath('u1/clip.mp4', 320)).toThrow();
    expect(() => variantPath('u1/1-ab_w640.webp', 320)).toThrow();
  });

  it('tells the sizes of one original from those of another', () => {
    expect(isVariantOf('u1/1-ab_w640.webp', 'u1/1-ab.webp')).toBe(true);
    expect(isVariantOf('u1/1-ab.webp', 'u1/1-ab.webp')).toBe(false);
    expect(isVariantOf('u1/1-abc_w640.webp', 'u1/1-ab.webp')).toBe(false);
    expect(isVariantOf('u2/1-ab_w640.webp', 'u1/1-ab.webp')).toBe(false);
    expect(isVariantOf('u1/1-ab_w640.webp', 'u1/1-ab.mp4')).toBe(false);
    expect(isVariantOf('u1/1-ab_wide.webp', 'u1/1-ab.webp')).toBe(false);
  });
});

describe('avatarVariants', () => {
  it('lists every avatar size of a versioned avatar, smallest first', () => {
    const url = `/files/avatars/${avatarKey('8c1f-u', 'lx2a9f3c')}`;
    expect(url).toBe('/files/avatars/8c1f-u/avatar-lx2a9f3c.webp');
    expect(avatarVariants(url)).toEqual([
      { url: '/files/avatars/8c1f-u/avatar-lx2a9f3c_w48.webp', width: 48 },
      { url: '/files/avatars/8c1f-u/avatar-lx2a9f3c_w96.webp', width: 96 },
      { url: '/files/avatars/8c1f-u/avatar-lx2a9f3c_w192.webp', width: 192 },
      { url: '/files/avatars/8c1f-u/avatar-lx2a9f3c_w400.webp', width: 400 },
    ]);
  });

  it('lists none for avatars from before sizes were made, or from elsewhere', () => {
    expect(avatarVariants('/files/avatars/8c1f-u/avatar.webp?v=lx2a9f3c')).toEqual([]);
    expect(avatarVariants('https://cdn.example/avatar-1.webp')).toEqual([]);
    expect(avatarVariants(null)).toEqual([]);
  });

  it('writes a srcset', () => {
    expect(
      srcSetOf([
        { url: '/a_w48.webp', width: 48 },
        { url: '/a_w96.webp', width: 96 },
      ]),
    ).toBe('/a_w48.webp 48w, /a_w96.webp 96w');
  });
});
