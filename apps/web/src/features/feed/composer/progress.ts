/*
 * The composer's progress bar (spec section 4): processing the chosen file fills the first half,
 * 'Processing...'; posting goes on from there, 'Uploading...': the upload's bytes sent fill 50 to
 * 90, and creating the post brings it to 100.
 */

export const PROCESSING_DONE = 50;
export const UPLOAD_DONE = 90;
export const POSTED = 100;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Compression's own progress (0 to 100) as the bar's 0 to 50. */
export function processingProgress(percent: number): number {
  return Math.round(clamp(percent, 0, 100) * (PROCESSING_DONE / 100));
}

/** The share of the upload sent (0 to 1) as the bar's 50 to 90. */
export function uploadProgress(fraction: number): number {
  return PROCESSING_DONE + Math.round(clamp(fraction, 0, 1) * (UPLOAD_DONE - PROCESSING_DONE));
}

export function progressLabel(value: number): 'Processing...' | 'Uploading...' {
  return value < PROCESSING_DONE ? 'Processing...' : 'Uploading...';
}
