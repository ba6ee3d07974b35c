import { MESSAGES } from '@arena/shared/messages';
import { expect, it } from 'vitest';

import { cvFileProblem } from './cv-file-check.ts';

const MB = 1024 * 1024;

it.each([
  ['cv.pdf', 'application/pdf'],
  ['CV.PDF', ''],
  ['resume.doc', 'application/msword'],
  ['resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['resume.docx', 'application/octet-stream'],
  ['no-extension', 'application/pdf'],
])('accepts %s (%s)', (name, type) => {
  expect(cvFileProblem({ name, type, size: 200_000 })).toBeNull();
});

it.each([
  ['photo.jpg', 'image/jpeg'],
  ['notes.txt', 'text/plain'],
  ['archive.pdf.zip', 'application/zip'],
  ['pdf', ''],
])('refuses %s (%s) as the wrong type', (name, type) => {
  expect(cvFileProblem({ name, type, size: 1000 })).toBe(MESSAGES.application.cvInvalidType);
});

it('accepts exactly 10 MB and refuses a byte more', () => {
  expect(cvFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 * MB })).toBeNull();
  expect(cvFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe(
    MESSAGES.application.cvTooLarge,
  );
});
