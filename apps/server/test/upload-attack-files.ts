import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

import sharp from 'sharp';

/** Files built to attack the upload routes: wrong magic bytes, polyglots, bombs. */

const SCRIPT = '<script>window.__xss=1</script>';

export const svg = () =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`,
  );

export const html = () =>
  Buffer.from(`<!doctype html><html><body><img src=x onerror=alert(1)>${SCRIPT}</body></html>`);

export const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

export const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();

/** A real JPEG with an HTML page after its end: image viewers and naive sniffers see either. */
export async function jpegWithHtml(): Promise<Buffer> {
  return Buffer.concat([await jpeg(), html()]);
}

/**
 * A GIF/JavaScript polyglot: `GIF89a/*` opens a comment in JavaScript (the width bytes are
 * `/*`), and the script after the header closes it and runs.
 */
export function gifJavaScript(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'),
    Buffer.from([0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0, 0x01, 0, 0x01, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
    Buffer.from('*/=1;window.__xss=1;//', 'latin1'),
  ]);
}

/** The PNG signature in front of an HTML page. */
export function pngHeaderHtml(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html()]);
}

/** A PDF that is also an HTML page: valid PDF magic, markup inside. */
export function pdfWithHtml(): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${html().toString()}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** Magic bytes of things that are no image and no document. */
export const impostors = {
  elf: () =>
    Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(64)]),
  zip: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
  pdf: () => Buffer.from('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n%%EOF\n'),
  text: () => Buffer.from('definitely not a photo'),
};

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A black-and-white PNG of `width` × `height` pixels whose rows are all zero: a few kilobytes
 * that decode to `width × height` pixels. With `rows` below `height`, the data stops early and
 * the file only claims its size.
 */
export function pngBomb(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, greyscale
  const row = Math.ceil(width / 8) + 1;
  const data = deflateSync(Buffer.alloc(row * rows), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A .docx-looking zip whose `[Content_Types].xml` inflates to `inflatedBytes` of spaces. */
export function docxBomb(inflatedBytes: number): Buffer {
  const name = Buffer.from('[Content_Types].xml');
  const raw = Buffer.alloc(inflatedBytes, 0x20);
  const data = deflateRawSync(raw, { level: 9 });
  const crc = crc32(raw);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(raw.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(raw.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** The first bytes of an MP4 (an `ftyp` box), padded to `size`. */
export function mp4Head(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.set([0, 0, 0, 0x20], 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.set([0, 0, 2, 0], 12);
  bytes.write('isomiso2avc1mp41', 16, 'latin1');
  return bytes;
}

/** File names that try to climb out of storage or confuse a parser. */
export const HOSTILE_FILE_NAMES = [
  '../../etc/passwd',
  '../../../../../../tmp/arena-escape.png',
  '..\\..\\..\\windows\\system32\\evil.png',
  '/etc/passwd',
  'C:\\Windows\\evil.png',
  'a\u0000.png',
  '%2e%2e%2f%2e%2e%2fescape.png',
  '.htaccess',
  'CON.png',
  `${'x'.repeat(1000)}.png`,
  'photo.png.html',
  '<img src=x onerror=alert(1)>.png',
];
