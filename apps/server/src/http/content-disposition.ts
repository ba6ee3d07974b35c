/**
 * `attachment` with the name twice (RFC 6266): `filename` in plain ASCII for old clients, and
 * `filename*` in UTF-8 (RFC 5987) so that 'José-Núñez-CV.pdf' keeps its letters.
 */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_') || 'download';
  if (ascii === fileName) return `attachment; filename="${ascii}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8 except the attribute characters. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
