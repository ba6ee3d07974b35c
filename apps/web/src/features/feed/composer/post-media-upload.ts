import { MESSAGES } from '@arena/shared/messages';
import { mediaUploadSchema } from '@arena/shared/post.schema';
import type { MediaUpload } from '@arena/shared/post.schema';

import { request } from '../../../lib/http/request.ts';
import type { TokenSession } from '../../../lib/http/request.ts';

export interface UploadOptions {
  /** Called with the share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a photo or video for a post (`POST /api/media`, one multipart field 'file') as the
 * signed-in user, reporting how much of it has been sent.
 */
export function uploadPostMedia(
  session: TokenSession,
  file: Blob,
  fileName: string,
  { onProgress = () => undefined, signal }: UploadOptions = {},
): Promise<MediaUpload> {
  const body = new FormData();
  body.append('file', file, fileName);
  return request('/api/media', {
    session,
    schema: mediaUploadSchema,
    method: 'POST',
    body,
    onProgress,
    signal,
    // When the server (or a proxy before it) sent no `{ error }`.
    failureMessages: {
      401: MESSAGES.auth.signInRequired,
      413: MESSAGES.payloadTooLarge,
      415: MESSAGES.post.mediaUnsupported,
    },
  });
}
