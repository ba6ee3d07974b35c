import sharp from 'sharp';

import { type CvPdfInput, renderCvPdf } from './cv-pdf.ts';

/** What the server sends the PDF pool: the CV, and the stored picture as it is (WebP). */
export interface CvPdfTask extends Omit<CvPdfInput, 'photo' | 'generatedOn'> {
  storedPhoto: Uint8Array | null;
  generatedOn: string;
}

/** The picture at the size the PDF prints it, as PNG (PDF takes no WebP). */
const PHOTO_PIXELS = 192;

/**
 * Runs in the PDF pool's worker thread (cv-pdf-pool.ts), never on the server's event loop:
 * laying out text with an embedded font costs tens of milliseconds of CPU a CV.
 */
export default async function drawCv(task: CvPdfTask): Promise<Uint8Array> {
  const photo = task.storedPhoto
    ? await sharp(task.storedPhoto)
        .resize(PHOTO_PIXELS, PHOTO_PIXELS, { fit: 'cover' })
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  const { storedPhoto: _stored, ...input } = task;
  const pdf = await renderCvPdf({ ...input, photo, generatedOn: new Date(task.generatedOn) });
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
