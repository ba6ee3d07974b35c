import type imageCompression from 'browser-image-compression';

import type { MediaCheck, MediaKind } from './media-rules.ts';

/** A file ready to upload, with what the composer shows of it. */
export interface PreparedMedia {
  file: Blob;
  /** The name sent with the upload (the server decides the type by the bytes, not by this). */
  fileName: string;
  kind: MediaKind;
  /** An object URL to preview it; null where the browser cannot show it (HEIC). */
  previewUrl: string | null;
}

/** browser-image-compression's call, or a stand-in for tests. */
export type Compress = (
  file: File,
  options: Parameters<typeof imageCompression>[1],
) => Promise<File>;

/** Spec section 9: post images at most 2 MB and 2048 px a side, as JPEG. */
const COMPRESSION = {
  maxSizeMB: 2,
  maxWidthOrHeight: 2048,
  fileType: 'image/jpeg',
} as const;

function asJpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

/**
 * Compresses a photo in the browser (reporting 0 to 100 as it goes) and makes its preview.
 * When compression fails the original goes up instead; the server re-encodes every image anyway.
 * HEIC is uploaded as it is: few browsers can decode it, and the server converts it.
 */
export async function prepareMedia(
  file: File,
  check: Extract<MediaCheck, { ok: true }>,
  onProgress: (percent: number) => void,
  compress?: Compress,
): Promise<PreparedMedia> {
  if (check.kind === 'video' || check.heic) {
    onProgress(100);
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
    // Loaded on first use: most visits to the feed never attach a photo.
    const run = compress ?? (await import('browser-image-compression')).default;
    result = await run(file, {
      ...COMPRESSION,
      // The library's worker would load its code from a CDN, which the CSP (rightly) refuses.
      useWebWorker: false,
      onProgress,
    });
    fileName = asJpegName(file.name);
  } catch (error) {
    console.warn('Image compression failed; uploading the original', error);
  }
  onProgress(100);
  return { file: result, fileName, kind: 'image', previewUrl: URL.createObjectURL(result) };
}
