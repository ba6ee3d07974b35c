import { describe, expect, it } from 'vitest';

import { cvDownloadName } from './cv-download-name.ts';

describe('cvDownloadName', () => {
  it('names the athlete and the offer, with the stored file’s extension in lower case', () => {
    expect(cvDownloadName('Ana  Lima!', 'U19 Striker — trial week', 'a/b/3f2c.PDF')).toBe(
      'Ana-Lima-CV-U19-Striker-trial-week.pdf',
    );
  });

  it('keeps letters and digits of any script', () => {
    expect(cvDownloadName('María López', 'Sub-19', 'x.pdf')).toBe('María-López-CV-Sub-19.pdf');
    expect(cvDownloadName('王 伟', 'U19', 'x.docx')).toBe('王-伟-CV-U19.docx');
  });

  it('says "Athlete" for a name with nothing to keep, and drops an empty title', () => {
    expect(cvDownloadName('!!!', '***', 'x.pdf')).toBe('Athlete-CV.pdf');
  });

  it('cuts each part to 60 characters without a trailing hyphen', () => {
    const name = cvDownloadName(`${'a'.repeat(59)} b`, 't'.repeat(80), 'x.pdf');
    expect(name).toBe(`${'a'.repeat(59)}-CV-${'t'.repeat(60)}.pdf`);
  });
});
