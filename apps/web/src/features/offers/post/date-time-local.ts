const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A `datetime-local` input's value ('2026-12-01T18:30', the viewer's own time) as an ISO moment
 * with the viewer's offset ('2026-12-01T18:30:00+01:00'); null when empty or not a date.
 */
export function localToIso(local: string): string | null {
  const date = new Date(local);
  if (local === '' || Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = pad(Math.floor(Math.abs(offset) / 60));
  const minutes = pad(Math.abs(offset) % 60);
  return `${localValue(date)}:00${sign}${hours}:${minutes}`;
}

/** An ISO moment as a `datetime-local` input shows it, in the viewer's own time. */
export function isoToLocal(iso: string | null): string {
  return iso ? localValue(new Date(iso)) : '';
}

function localValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
