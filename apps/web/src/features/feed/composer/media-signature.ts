import type { MediaKind } from './media-rules.ts';

/*
 * What a file's first bytes (its magic numbers) say it is, whatever its name or the type the
 * browser guessed from the name. The server sniffs every upload again; this spares a member an
 * upload that would be refused, and never says 'ready' of a text file renamed .jpg.
 */

/** Enough of the start of a file for every signature below. */
const HEAD_BYTES = 16;

/** Whether `text` (ASCII) is written at `at`. */
function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (bytes[at + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** ISO base media brands (the `ftyp` box) of HEIC/HEIF photos; any other brand is a video. */
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'heif',
]);
/** QuickTime files may begin with these atoms instead of `ftyp`. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip'];

type Sniffed =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/heic'
  | 'video/mp4'
  | 'video/webm';

/** The format the bytes begin like, or null for none the composer knows. */
export function sniffMedia(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    return HEIF_BRANDS.has(brand) ? 'image/heic' : 'video/mp4';
  }
  if (QUICKTIME_ATOMS.some((atom) => ascii(bytes, 4, atom))) return 'video/mp4';
  return null;
}

function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, HEAD_BYTES));
  });
}

/**
 * Whether the file's bytes are of the kind its type claims: a photo's those of a photo format
 * the composer takes (a HEIC one's those of HEIC/HEIF), a video's those of MP4, MOV or WebM.
 */
export async function bytesMatchClaim(
  file: Blob,
  claim: { kind: MediaKind; heic: boolean },
): Promise<boolean> {
  const sniffed = sniffMedia(await readHead(file));
  if (sniffed === null) return false;
  if (claim.kind === 'video') return sniffed.startsWith('video/');
  if (claim.heic) return sniffed === 'image/heic';
  // GIF is known here but not taken by the composer (nor by the server).
  return sniffed.startsWith('image/') && sniffed !== 'image/gif';
}
