import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

const EXTENSIONS = ['pdf', 'doc', 'docx'];
const MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** What the file picker offers: the three formats by extension and by type. */
export const CV_ACCEPT = [...EXTENSIONS.map((extension) => `.${extension}`), ...MIME_TYPES].join(
  ',',
);

/**
 * Why this file cannot be a CV (spec section 5), or null when it may be one. A first check
 * only, by name and declared type: the server decides by the file's bytes.
 */
export function cvFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!EXTENSIONS.includes(extension) && !MIME_TYPES.includes(file.type)) {
    return MESSAGES.application.cvInvalidType;
  }
  if (file.size > LIMITS.cvBytes) return MESSAGES.application.cvTooLarge;
  return null;
}
