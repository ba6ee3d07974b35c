import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiRequestError } from '../../../lib/http/api-error.ts';
import { uploadPostMedia } from './post-media-upload.ts';

/** Just enough of XMLHttpRequest to drive an upload by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  private listeners: Record<string, ((event: unknown) => void)[]> = {};
  private uploadListeners: Record<string, ((event: unknown) => void)[]> = {};
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      (this.uploadListeners[type] ??= []).push(listener);
    },
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.progress ?? [])
      listener({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners[type] ?? []) listener({});
  }
}

const upload = { id: '11111111-1111-4111-8111-111111111111', url: '/f/a.jpg', mediaType: 'image' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start(onProgress = vi.fn()) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // Signed in with token-1.
  const session = { withAccessToken: <T>(call: (token: string) => Promise<T>) => call('token-1') };
  const result = uploadPostMedia(session, new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg', {
    onProgress,
  });
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error('no request');
  return { result, xhr, onProgress };
}

describe('uploadPostMedia', () => {
  it("posts the file as multipart 'file' with the bearer token and reports bytes sent", async () => {
    const { result, xhr, onProgress } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/media');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    expect(onProgress.mock.calls.map(([fraction]) => fraction as number)).toEqual([0.25, 1]);
    xhr.respond(201, upload);
    await expect(result).resolves.toEqual(upload);
  });

  it("rejects with the server's error", async () => {
    const { result, xhr } = start();
    xhr.respond(415, {
      error: {
        code: 'unsupported_media_type',
        message: 'Unsupported file type. Please use JPG, PNG, WEBP, MP4, MOV, or WEBM.',
      },
    });
    await expect(result).rejects.toMatchObject({
      status: 415,
      message: 'Unsupported file type. Please use JPG, PNG, WEBP, MP4, MOV, or WEBM.',
    });
  });

  it('names a bare 413 for what it is', async () => {
    const { result, xhr } = start();
    xhr.respond(413, '<html>too large</html>');
    await expect(result).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('reports a lost connection as a network error', async () => {
    const { result, xhr } = start();
    xhr.emit('error');
    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });
});
