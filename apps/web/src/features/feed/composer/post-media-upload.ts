import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import { mediaUploadSchema } from '@arena/shared/post.schema';
import type { MediaUpload } from '@arena/shared/post.schema';

import { ApiRequestError } from '../../../lib/http/request.ts';
import { sessionManager } from '../../../lib/session/browser-session.ts';

export interface UploadOptions {
  /** Called with the share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a photo or video for a post (`POST /api/media`, one multipart field 'file') as the
 * signed-in user. It goes through XMLHttpRequest rather than fetch, because only XHR reports
 * how much of the body has been sent. A 401 renews the token and retries once, like `apiJson`.
 */
export function uploadPostMedia(
  file: Blob,
  fileName: string,
  options: UploadOptions = {},
): Promise<MediaUpload> {
  return sessionManager.withAccessToken((accessToken) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return sendWithProgress('/api/media', form, accessToken, options);
  });
}

function sendWithProgress(
  path: string,
  body: FormData,
  accessToken: string | null,
  { onProgress, signal }: UploadOptions,
): Promise<MediaUpload> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = mediaUploadSchema.safeParse(json);
        if (parsed.success) {
          onProgress?.(1);
          resolve(parsed.data);
        } else {
          console.error(`Unexpected response from ${path}`, parsed.error);
          reject(new ApiRequestError(xhr.status, 'internal', MESSAGES.internal));
        }
        return;
      }
      reject(toUploadError(xhr.status, json));
    });
    xhr.addEventListener('error', () => {
      reject(new ApiRequestError(0, 'network_error', MESSAGES.network));
    });
    xhr.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The server's `{ error }` when it sent one; otherwise words for the status. */
export function toUploadError(status: number, body: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError(status, code, message, fields);
  }
  switch (status) {
    case 401:
      return new ApiRequestError(status, 'unauthorized', MESSAGES.auth.signInRequired);
    case 413:
      return new ApiRequestError(status, 'payload_too_large', MESSAGES.payloadTooLarge);
    case 415:
      return new ApiRequestError(status, 'unsupported_media_type', MESSAGES.post.mediaUnsupported);
    case 429:
      return new ApiRequestError(status, 'rate_limited', MESSAGES.rateLimited);
    default:
      return new ApiRequestError(status, 'internal', MESSAGES.internal);
  }
}
