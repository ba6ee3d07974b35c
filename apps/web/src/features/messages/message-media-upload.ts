import { apiErrorSchema } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import { mediaUploadSchema } from '@arena/shared/post.schema';
import type { MediaUpload } from '@arena/shared/post.schema';

import { ApiRequestError } from '../../lib/http/request.ts';
import { sessionManager } from '../../lib/session/browser-session.ts';

/**
 * Uploads a photo or video to send in a message (`POST /api/message-media`, multipart field
 * 'file'). The file stays private to the conversation it is sent in. A 401 renews the token and
 * retries once, like every API call.
 */
export function uploadMessageMedia(
  file: Blob,
  fileName: string,
  signal?: AbortSignal,
): Promise<MediaUpload> {
  return sessionManager.withAccessToken(async (accessToken) => {
    const form = new FormData();
    form.append('file', file, fileName);
    const headers = new Headers({ Accept: 'application/json' });
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    let response: Response;
    try {
      response = await fetch('/api/message-media', {
        method: 'POST',
        headers,
        body: form,
        credentials: 'same-origin',
        signal: signal ?? null,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiRequestError(0, 'network_error', MESSAGES.network);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = apiErrorSchema.safeParse(body);
      if (parsed.success) {
        const { code, message, fields } = parsed.data.error;
        throw new ApiRequestError(response.status, code, message, fields);
      }
      throw new ApiRequestError(response.status, 'internal', MESSAGES.messaging.uploadFailed);
    }
    const parsed = mediaUploadSchema.safeParse(body);
    if (!parsed.success) {
      console.error('Unexpected response from /api/message-media', parsed.error);
      throw new ApiRequestError(response.status, 'internal', MESSAGES.internal);
    }
    return parsed.data;
  });
}
