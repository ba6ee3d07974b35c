/** When this tab last reloaded because a page's code was gone, so that it does so only once. */
export const STALE_BUILD_RELOAD_KEY = 'arena.stale-build-reload';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** What the reader is told when the code could not be loaded, even after a reload. */
export const STALE_BUILD_MESSAGE =
  'This page could not be loaded. Arena may have been updated, or the connection was lost: reload the page.';

/** Is this error a page's code that could not be loaded (a stale build or a lost network)? */
export function isStaleBuildError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * After a deploy, a tab opened before it asks for page code (hashed chunks) the server no longer
 * has. The route's error page then reloads once, on the page the reader was going to, to get the
 * new build. A second failure within the minute is a real outage or a lost network: the error
 * page says so instead of reloading in a loop. True when the caller should reload now.
 */
export function shouldReloadForStaleBuild(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now: number = Date.now(),
): boolean {
  if (!isStaleBuildError(error) || !storage) return false;
  try {
    const last = Number(storage.getItem(STALE_BUILD_RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_AGAIN_AFTER_MS) return false;
    storage.setItem(STALE_BUILD_RELOAD_KEY, String(now));
    return true;
  } catch {
    // Without sessionStorage a loop cannot be told apart: leave it to the error page.
    return false;
  }
}
