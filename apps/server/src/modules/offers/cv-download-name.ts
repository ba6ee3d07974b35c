/** Letters and digits of any script, the rest one hyphen: 'Ana  Lima!' → 'Ana-Lima'. */
function fileNamePart(text: string, max: number): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** 'Maria-Lopez-CV-U19-Striker.pdf': who applied and to what, not the storage key. */
export function cvDownloadName(athleteName: string, offerTitle: string, key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const parts = [fileNamePart(athleteName, 60) || 'Athlete', 'CV', fileNamePart(offerTitle, 60)];
  return `${parts.filter(Boolean).join('-')}.${extension}`;
}
