import { describe, expect, it } from 'vitest';

import { processingProgress, progressLabel, uploadProgress } from './progress.ts';

describe('composer progress', () => {
  it('maps compression 0–100 onto the first half of the bar', () => {
    expect(processingProgress(0)).toBe(0);
    expect(processingProgress(37)).toBe(19);
    expect(processingProgress(100)).toBe(50);
    expect(processingProgress(250)).toBe(50);
    expect(processingProgress(-5)).toBe(0);
  });

  it('maps the bytes uploaded onto 50–90', () => {
    expect(uploadProgress(0)).toBe(50);
    expect(uploadProgress(0.5)).toBe(70);
    expect(uploadProgress(1)).toBe(90);
    expect(uploadProgress(1.2)).toBe(90);
  });

  it("reads 'Processing...' below 50 and 'Uploading...' from 50", () => {
    expect(progressLabel(0)).toBe('Processing...');
    expect(progressLabel(49)).toBe('Processing...');
    expect(progressLabel(50)).toBe('Uploading...');
    expect(progressLabel(100)).toBe('Uploading...');
  });
});
