import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { fileTypeOf } from '@arena/server/src/modules/media/file-type.ts';

import { avatarSvg, cvPdf, photoSvg } from './media.ts';
import { Random } from './random.ts';

describe('the demo media', () => {
  it('draws photos of each sport and avatars as pictures the server accepts', async () => {
    const random = Random.stream('arena', 'media-test');
    for (const sport of ['football', 'padel'] as const) {
      const png = await sharp(Buffer.from(photoSvg(sport, random)))
        .png()
        .toBuffer();
      expect((await fileTypeOf(png))?.mime).toBe('image/png');
      const { width, height } = await sharp(png).metadata();
      expect(width).toBe(1200);
      expect(height).toBeGreaterThanOrEqual(800);
    }
    const avatar = await sharp(Buffer.from(avatarSvg('Madrid Lions FC', '#1d4ed8')))
      .png()
      .toBuffer();
    expect(await sharp(avatar).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(avatarSvg('Tomás <Ferreira>', '#000')).toContain('>T&#60;<');
  });

  it('writes a PDF CV whose cross-reference table points at its objects', async () => {
    const pdf = cvPdf(['Tomás Ferreira', 'Curriculum vitae - Football', 'Position: Striker (9)']);
    expect((await fileTypeOf(pdf))?.mime).toBe('application/pdf');
    const text = pdf.toString('latin1');
    expect(text).toContain('(Tomas Ferreira) Tj');
    expect(text).toContain('(Position: Striker \\(9\\)) Tj');
    const start = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(start, start + 4)).toBe('xref');
    const offsets = [...text.matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, k) =>
      expect(text.slice(offset)).toMatch(new RegExp(`^${k + 1} 0 obj`)),
    );
  });
});
