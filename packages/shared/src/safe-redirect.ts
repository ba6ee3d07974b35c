/*
 * Without zod: the guards of every page (the landing page's included) check the page a sign-in
 * returns to, and must not bring the schema library with them.
 */

/**
 * Is `value` a path of this site that is safe to send a browser to after sign-in? Only a
 * same-site absolute path: no scheme, no host, no `//host` or `/\host` (which browsers read as
 * another site), no control characters.
 */
export function isSafeRedirectPath(value: string): boolean {
  if (value.length === 0 || value.length > 512) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  const base = 'https://arena.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}
