import { readFileSync } from 'node:fs';
import path from 'node:path';

import { html, mp4Head } from './upload-attack-files.ts';

/**
 * Real videos and videos built to fool a checker that reads only the first bytes.
 *
 * The fixtures were made once with a static ffmpeg 4.1 (the npm package
 * @ffmpeg-installer/linux-x64, not a dependency of Arena), every one with
 * `-map_metadata -1 -fflags +bitexact -flags:v +bitexact`:
 * - clip-64x48.mp4 / .mov: `-f lavfi -i testsrc=size=64x48:rate=10 -t 1 -c:v libx264
 *   -pix_fmt yuv420p -profile:v baseline -preset veryslow -crf 35` (the .mov with `-f mov`);
 * - clip-64x48.webm: the same picture with `-c:v libvpx -b:v 50k`;
 * - tone-no-video.mp4: `-f lavfi -i sine=frequency=440:duration=0.5 -c:a aac -b:a 16k -f mp4`,
 *   an MP4 (brand isom, sniffed as video/mp4) with no picture in it;
 * - black-8192x4336.mp4: `-f lavfi -i color=black:size=8192x4336:rate=1 -frames:v 1
 *   -c:v libx264 -preset veryslow -crf 51 -pix_fmt yuv420p`: 11 KB that decode to 35 megapixels.
 */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

export const videos = {
  mp4: () => fixture('clip-64x48.mp4'),
  mov: () => fixture('clip-64x48.mov'),
  webm: () => fixture('clip-64x48.webm'),
  audioOnlyMp4: () => fixture('tone-no-video.mp4'),
  hugeFrameMp4: () => fixture('black-8192x4336.mp4'),
};

/** An `ftyp` box, as an MP4 starts, and then an HTML page: what magic bytes alone call an MP4. */
export function mp4ThenHtml(): Buffer {
  return Buffer.concat([mp4Head(), html()]);
}

/** The first two thirds of the real MP4: its index (`moov`, written last) is gone. */
export function truncatedMp4(): Buffer {
  const whole = videos.mp4();
  return whole.subarray(0, Math.floor((whole.length * 2) / 3));
}

/**
 * The real MP4 with the bytes of its frames (the `mdat` box) replaced by an HTML page, repeated:
 * the container and its video stream are intact, and not one frame decodes.
 */
export function mp4WithHtmlFrames(): Buffer {
  const bytes = Buffer.from(videos.mp4());
  const page = html();
  for (let offset = 0; offset + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (size < 8) throw new Error(`unexpected box size ${size} at ${offset}`);
    if (type === 'mdat') {
      for (let i = offset + 8; i < offset + size; i += 1) {
        bytes[i] = page[(i - offset - 8) % page.length]!;
      }
      return bytes;
    }
    offset += size;
  }
  throw new Error('the fixture has no mdat box');
}
