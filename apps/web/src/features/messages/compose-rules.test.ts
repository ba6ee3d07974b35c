import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { checkAttachment, draftError } from './compose-rules.ts';
import { prepareAttachment } from './prepare-attachment.ts';
import type { Compress } from './prepare-attachment.ts';

const MB = 1024 * 1024;

describe('draftError', () => {
  it('needs a conversation first', () => {
    expect(draftError({ conversationId: null, text: 'Hi', hasMedia: false })).toBe(
      'Please select a conversation first',
    );
  });

  it('needs text or media', () => {
    expect(draftError({ conversationId: 'c', text: '  \n ', hasMedia: false })).toBe(
      'Please enter a message or attach media',
    );
    expect(draftError({ conversationId: 'c', text: '', hasMedia: true })).toBeNull();
    expect(draftError({ conversationId: 'c', text: ' Hi ', hasMedia: false })).toBeNull();
  });

  it('takes up to 500 characters of text, counted after trimming', () => {
    expect(draftError({ conversationId: 'c', text: 'a'.repeat(500), hasMedia: false })).toBeNull();
    expect(draftError({ conversationId: 'c', text: ` ${'a'.repeat(500)} `, hasMedia: false })).toBe(
      null,
    );
    expect(draftError({ conversationId: 'c', text: 'a'.repeat(501), hasMedia: false })).toBe(
      'Message must be less than 500 characters',
    );
  });
});

describe('checkAttachment', () => {
  const file = (type: string, size: number, name = 'file') => ({ type, size, name });

  it('takes photos up to 10 MB and videos up to 50 MB', () => {
    expect(checkAttachment(file('image/jpeg', 10 * MB))).toEqual({
      ok: true,
      kind: 'image',
      heic: false,
    });
    expect(checkAttachment(file('video/mp4', 50 * MB))).toMatchObject({ ok: true, kind: 'video' });
    expect(checkAttachment(file('image/png', 10 * MB + 1))).toEqual({
      ok: false,
      message: 'File size must be less than 10MB or 50MB',
    });
    expect(checkAttachment(file('video/webm', 50 * MB + 1))).toEqual({
      ok: false,
      message: MESSAGES.messaging.mediaTooLarge,
    });
  });

  it('refuses anything but a photo or a video', () => {
    for (const type of ['application/pdf', 'text/plain', 'image/gif', '']) {
      expect(checkAttachment(file(type, 1000, 'notes.txt'))).toEqual({
        ok: false,
        message: 'Please select an image or video file',
      });
    }
  });

  it('recognises a HEIC photo by its name when the browser gives no type', () => {
    expect(checkAttachment(file('', 3 * MB, 'IMG_0001.HEIC'))).toEqual({
      ok: true,
      kind: 'image',
      heic: true,
    });
  });
});

describe('prepareAttachment', () => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');

  it('compresses photos over 1 MB to about 1 MB and 1920 px, as JPEG', async () => {
    const photo = new File([new Uint8Array(3 * MB)], 'match.png', { type: 'image/png' });
    const compressed = new Blob([new Uint8Array(900_000)], { type: 'image/jpeg' });
    const compress = vi.fn<Compress>().mockResolvedValue(compressed);
    const media = await prepareAttachment(
      photo,
      { ok: true, kind: 'image', heic: false },
      compress,
    );
    expect(compress).toHaveBeenCalledWith(
      photo,
      expect.objectContaining({ maxSizeMB: 1, maxWidthOrHeight: 1920, useWebWorker: false }),
    );
    expect(media).toEqual({
      file: compressed,
      fileName: 'match.jpg',
      kind: 'image',
      previewUrl: 'blob:preview',
    });
  });

  it('sends small photos, videos and HEIC as they are, and the original if compression fails', async () => {
    const compress = vi.fn<Compress>().mockRejectedValue(new Error('no canvas'));
    const small = new File([new Uint8Array(500_000)], 'a.jpg', { type: 'image/jpeg' });
    expect(
      (await prepareAttachment(small, { ok: true, kind: 'image', heic: false }, compress)).file,
    ).toBe(small);
    expect(compress).not.toHaveBeenCalled();

    const heic = new File([new Uint8Array(2 * MB)], 'b.heic', { type: '' });
    const heicMedia = await prepareAttachment(
      heic,
      { ok: true, kind: 'image', heic: true },
      compress,
    );
    expect(heicMedia).toMatchObject({ file: heic, previewUrl: null });

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const big = new File([new Uint8Array(2 * MB)], 'c.png', { type: 'image/png' });
    const fallback = await prepareAttachment(
      big,
      { ok: true, kind: 'image', heic: false },
      compress,
    );
    expect(fallback).toMatchObject({ file: big, fileName: 'c.png' });
  });
});
