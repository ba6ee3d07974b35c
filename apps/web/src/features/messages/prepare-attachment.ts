import imageCompression from 'browser-image-compression';

import type { OutgoingMedia } from './message-queries.ts';
import { COMPRESS_ABOVE_BYTES, COMPRESSION } from './compose-rules.ts';
import type { AttachmentCheck } from './compose-rules.ts';

/** browser-image-compression's call; tests pass a double. */
export type Compress = (
  file: File,
  options: Parameters<typeof imageCompression>[1],
) => Promise<Blob>;

function asJpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

/**
 * Makes a checked file ready to send: photos over 1 MB are compressed to about 1 MB and 1920 px
 * (the original goes if that fails; the server re-encodes every image anyway). HEIC goes as it
 * is: few browsers can decode it, and the server converts it.
 */
export async function prepareAttachment(
  file: File,
  check: Extract<AttachmentCheck, { ok: true }>,
  compress: Compress = imageCompression,
): Promise<OutgoingMedia> {
  if (check.kind === 'video' || check.heic || file.size <= COMPRESS_ABOVE_BYTES) {
    return {
      file,
      fileName: file.name,
      kind: check.kind,
      previewUrl: check.heic ? null : URL.createObjectURL(file),
    };
  }
  let result: Blob = file;
  let fileName = file.name;
  try {
    result = await compress(file, {
      ...COMPRESSION,
      fileType: 'image/jpeg',
      // The library's worker would load its code from a CDN, which the CSP (rightly) refuses.
      useWebWorker: false,
    });
    fileName = asJpegName(file.name);
  } catch (error) {
    console.warn('Image compression failed; sending the original', error);
  }
  return { file: result, fileName, kind: 'image', previewUrl: URL.createObjectURL(result) };
}
