import type { MediaType } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

/* Spec section 5, "Message": what a message may hold. The server checks it all again. */

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);
/** Many browsers give a HEIC photo no type at all; its name is all there is to go on. */
const HEIC_NAME = /\.hei[cf]$/i;

/** What the file picker offers. */
export const ATTACHMENT_ACCEPT = [...IMAGE_TYPES, '.heic', '.heif', ...VIDEO_TYPES].join(',');

/** Photos above this are compressed in the browser before they are sent. */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
export const COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 1920 } as const;

export type AttachmentCheck =
  { ok: true; kind: MediaType; heic: boolean } | { ok: false; message: string };

export function checkAttachment(file: Pick<File, 'type' | 'name' | 'size'>): AttachmentCheck {
  const heic =
    file.type === 'image/heic' ||
    file.type === 'image/heif' ||
    (file.type === '' && HEIC_NAME.test(file.name));
  const kind: MediaType | null =
    heic || IMAGE_TYPES.has(file.type) ? 'image' : VIDEO_TYPES.has(file.type) ? 'video' : null;
  if (kind === null) return { ok: false, message: MESSAGES.messaging.mediaNotAllowed };
  const limit = kind === 'image' ? LIMITS.messageImageBytes : LIMITS.messageVideoBytes;
  if (file.size > limit) return { ok: false, message: MESSAGES.messaging.mediaTooLarge };
  return { ok: true, kind, heic };
}

export interface Draft {
  conversationId: string | null;
  text: string;
  hasMedia: boolean;
}

/** Why this draft cannot be sent, or null when it can. */
export function draftError({ conversationId, text, hasMedia }: Draft): string | null {
  if (!conversationId) return MESSAGES.validation.conversationRequired;
  const content = text.trim();
  if (content.length > LIMITS.messageMax) return MESSAGES.validation.messageMax;
  if (content === '' && !hasMedia) return MESSAGES.validation.messageEmpty;
  return null;
}
