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

/** True for a foreign-key violation (SQLSTATE 23503): the row referred to is gone. */
function foreignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** Runs `work`; a foreign-key violation becomes `gone()` (usually a 404). */
export async function unlessGone<T>(work: () => Promise<T>, gone: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (foreignKeyViolation(error)) throw gone();
    throw error;
  }
}
