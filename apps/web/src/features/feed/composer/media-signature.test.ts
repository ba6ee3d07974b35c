import { describe, expect, it } from 'vitest';

import { bytesMatchClaim, sniffMedia } from './media-signature.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? Array.from(part, (char) => char.charCodeAt(0)) : part,
    ),
  );
const size = [0, 0, 0, 0x18];

describe('sniffMedia', () => {
  it.each([
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['image/gif', bytes('GIF89a')],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['image/heic', bytes(size, 'ftypheic')],
    ['image/heic', bytes(size, 'ftypmif1')],
    ['video/mp4', bytes(size, 'ftypisom')],
    ['video/mp4', bytes(size, 'ftypqt  ')],
    ['video/mp4', bytes(size, 'moov')],
    ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3])],
  ])('knows %s', (expected, head) => {
    expect(sniffMedia(head)).toBe(expected);
  });

  it('knows nothing of text', () => {
    expect(sniffMedia(bytes('hello, this is text'))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
  });
});

describe('bytesMatchClaim', () => {
  const file = (head: Uint8Array, name: string, type: string) =>
    new File([head as BlobPart], name, { type });

  it('refuses a text file named like a photo or a video', async () => {
    const text = bytes('just some notes\n');
    expect(
      await bytesMatchClaim(file(text, 'a.jpg', 'image/jpeg'), { kind: 'image', heic: false }),
    ).toBe(false);
    expect(
      await bytesMatchClaim(file(text, 'a.mp4', 'video/mp4'), { kind: 'video', heic: false }),
    ).toBe(false);
  });

  it('refuses a video named like a photo, and a GIF the composer does not take', async () => {
    const mp4 = file(bytes(size, 'ftypisom'), 'a.jpg', 'image/jpeg');
    expect(await bytesMatchClaim(mp4, { kind: 'image', heic: false })).toBe(false);
    const gif = file(bytes('GIF89a'), 'a.png', 'image/png');
    expect(await bytesMatchClaim(gif, { kind: 'image', heic: false })).toBe(false);
  });

  it('takes a photo whose name says another photo format, and a HEIC by its bytes', async () => {
    const png = file(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'a.jpg', 'image/jpeg');
    expect(await bytesMatchClaim(png, { kind: 'image', heic: false })).toBe(true);
    const heic = file(bytes(size, 'ftypheic'), 'IMG.HEIC', '');
    expect(await bytesMatchClaim(heic, { kind: 'image', heic: true })).toBe(true);
    const mov = file(bytes(size, 'ftypqt  '), 'clip.mov', 'video/quicktime');
    expect(await bytesMatchClaim(mov, { kind: 'video', heic: false })).toBe(true);
  });
});
