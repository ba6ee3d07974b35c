import type { FileTypeResult } from 'file-type';

import { loadOnce } from '../../load-once.ts';

// Loaded at the first upload: a server that receives none does not carry its many format readers.
const loadFileType = loadOnce(() => import('file-type'));

/** What the bytes are by their magic numbers (file-type), whatever the name or header says. */
export async function fileTypeOf(bytes: Uint8Array): Promise<FileTypeResult | undefined> {
  const { fileTypeFromBuffer } = await loadFileType();
  return fileTypeFromBuffer(bytes);
}
