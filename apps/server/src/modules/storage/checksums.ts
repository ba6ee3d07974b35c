import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** SHA-256 (hex) and length of everything a stream yields, read chunk by chunk. */
export async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}
