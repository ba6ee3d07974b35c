import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

/* Spec section 5, "Post media": which files a post takes, and how large. */

export type MediaKind = 'image' | 'video';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/heic']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);
/** Many browsers give a HEIC photo no type at all; its name is all there is to go on. */
const HEIC_NAME = /\.heic$/i;

/** What the file picker offers. */
export const MEDIA_ACCEPT = [...IMAGE_TYPES, '.heic', ...VIDEO_TYPES].join(',');

export type MediaCheck =
  { ok: true; kind: MediaKind; heic: boolean } | { ok: false; message: string };

function isHeic(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === 'image/heic' || (file.type === '' && HEIC_NAME.test(file.name));
}

export function checkPostMedia(file: Pick<File, 'type' | 'name' | 'size'>): MediaCheck {
  const heic = isHeic(file);
  if (heic || IMAGE_TYPES.has(file.type)) {
    if (file.size > LIMITS.postImageBytes)
      return { ok: false, message: MESSAGES.post.imageTooLarge };
    return { ok: true, kind: 'image', heic };
  }
  if (VIDEO_TYPES.has(file.type)) {
    if (file.size > LIMITS.postVideoBytes)
      return { ok: false, message: MESSAGES.post.videoTooLarge };
    return { ok: true, kind: 'video', heic: false };
  }
  return { ok: false, message: MESSAGES.post.mediaUnsupported };
}
