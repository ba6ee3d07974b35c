import { MESSAGES } from '@arena/shared/messages';
import { expect, it, vi } from 'vitest';

import { avatarFileProblem, compressAvatar } from './avatar-file.ts';
import type { Compress } from './avatar-file.ts';

const fileOf = (type: string, size: number, name = 'photo.png') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

it('accepts images up to 20MB', () => {
  expect(avatarFileProblem(fileOf('image/png', 1024))).toBeNull();
  expect(avatarFileProblem(fileOf('image/jpeg', 20 * 1024 * 1024))).toBeNull();
});

it("refuses anything that is not an image: 'Please select an image file'", () => {
  expect(avatarFileProblem(fileOf('application/pdf', 1024, 'cv.pdf'))).toBe(
    MESSAGES.profile.avatarNotImage,
  );
  expect(avatarFileProblem(fileOf('', 1024, 'mystery'))).toBe('Please select an image file');
});

it("refuses images over 20MB: 'Image too large. Max size: 20MB'", () => {
  expect(avatarFileProblem(fileOf('image/png', 20 * 1024 * 1024 + 1))).toBe(
    'Image too large. Max size: 20MB',
  );
});

it('compresses in the browser, without the CDN-loading worker', async () => {
  const smaller = new File(['y'], 'photo.png', { type: 'image/png' });
  const compress = vi.fn<Compress>().mockResolvedValue(smaller);
  const result = await compressAvatar(fileOf('image/png', 5_000_000), compress);
  expect(result).toEqual({ file: smaller, filename: 'photo.png' });
  expect(compress.mock.calls[0]?.[1]).toMatchObject({ useWebWorker: false, maxSizeMB: 2 });
});

it('uploads the original when compression fails, and HEIC as it is', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const original = fileOf('image/png', 5_000_000);
  const failing = vi.fn<Compress>().mockRejectedValue(new Error('cannot decode'));
  expect((await compressAvatar(original, failing)).file).toBe(original);

  const heic = fileOf('image/heic', 5_000_000, 'photo.heic');
  const compress = vi.fn<Compress>();
  expect((await compressAvatar(heic, compress)).file).toBe(heic);
  expect(compress).not.toHaveBeenCalled();
});
