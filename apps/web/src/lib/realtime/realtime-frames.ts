import { serverFrameSchema } from '@arena/shared/realtime';
import type { ServerFrame } from '@arena/shared/realtime';

/**
 * A frame from the server, checked against the shared schema (packages/shared/src/realtime.ts);
 * null, with a warning, for one that is not JSON or not a frame this client knows (a newer
 * server's, say): it is ignored rather than half-handled.
 */
export function readServerFrame(data: unknown): ServerFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    console.warn('Realtime: a frame that is not JSON was ignored');
    return null;
  }
  const parsed = serverFrameSchema.safeParse(json);
  if (!parsed.success) {
    console.warn('Realtime: a frame of an unknown shape was ignored', parsed.error);
    return null;
  }
  return parsed.data;
}
