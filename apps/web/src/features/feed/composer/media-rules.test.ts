import { describe, expect, it } from 'vitest';

import { checkPostMedia } from './media-rules.ts';

const MB = 1024 * 1024;
const file = (type: string, size: number, name = 'file') => ({ type, size, name });

describe('checkPostMedia', () => {
  it.each(['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/heic'])(
    'takes %s photos up to 20 MB',
    (type) => {
      expect(checkPostMedia(file(type, 20 * MB))).toMatchObject({ ok: true, kind: 'image' });
      expect(checkPostMedia(file(type, 20 * MB + 1))).toEqual({
        ok: false,
        message: 'Image too large. Maximum size is 20MB.',
      });
    },
  );

  it.each(['video/mp4', 'video/quicktime', 'video/webm'])(
    'takes %s videos up to 100 MB',
    (type) => {
      expect(checkPostMedia(file(type, 100 * MB))).toMatchObject({ ok: true, kind: 'video' });
      expect(checkPostMedia(file(type, 100 * MB + 1))).toEqual({
        ok: false,
        message: 'Video too large. Maximum size is 100MB.',
      });
    },
  );

  it('recognises a HEIC photo the browser gave no type', () => {
    expect(checkPostMedia(file('', MB, 'IMG_0001.HEIC'))).toEqual({
      ok: true,
      kind: 'image',
      heic: true,
    });
  });

  it.each([
    ['image/gif', 'a.gif'],
    ['application/pdf', 'cv.pdf'],
    ['video/x-msvideo', 'clip.avi'],
    ['', 'no-type'],
  ])('refuses %s', (type, name) => {
    expect(checkPostMedia(file(type, MB, name))).toEqual({
      ok: false,
      message: 'Unsupported file type. Please use JPG, PNG, WEBP, MP4, MOV, or WEBM.',
    });
  });
});
