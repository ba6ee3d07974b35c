import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import imageCompression from 'browser-image-compression';

/** Spec section 5: an image, at most 20 MB. Returns the message to show, or null when fine. */
export function avatarFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.profile.avatarNotImage;
  if (file.size > LIMITS.avatarBytes) return MESSAGES.profile.avatarTooLarge;
  return null;
}

export type Compress = typeof imageCompression;

/** The server keeps a 512 px square; there is no point in sending much more than that. */
const COMPRESSION = { maxSizeMB: 2, maxWidthOrHeight: 2048 } as const;

/**
 * Shrinks the picture in the browser before it goes up. HEIC, which few browsers decode, and any
 * picture the library cannot read go up as they are: the server re-encodes every image anyway.
 */
export async function compressAvatar(
  file: File,
  compress: Compress = imageCompression,
): Promise<{ file: Blob; filename: string }> {
  if (/hei[cf]/i.test(file.type)) return { file, filename: file.name };
  try {
    const compressed = await compress(file, {
      ...COMPRESSION,
      // The library's worker would load its code from a CDN, which the CSP refuses.
      useWebWorker: false,
    });
    return { file: compressed, filename: file.name };
  } catch (error) {
    console.warn('Avatar compression failed; uploading the original', error);
    return { file, filename: file.name };
  }
}
