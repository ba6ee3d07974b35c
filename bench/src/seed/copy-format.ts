/**
 * PostgreSQL's COPY text format: one line per row, columns separated by tabs, `\N` for null,
 * and backslash escapes for the characters that would break a line.
 */
export type CopyValue = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;

export function escapeCopy(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll('\t', '\\t')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
}

function cell(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

export function copyLine(values: readonly CopyValue[]): string {
  let line = cell(values[0] ?? null);
  for (let i = 1; i < values.length; i++) line += `\t${cell(values[i] ?? null)}`;
  return `${line}\n`;
}

/** A timestamptz in COPY's input format, from epoch milliseconds. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}
