/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error.
 * Drizzle wraps driver errors; both pg and PGlite report `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
  }
  return null;
}
