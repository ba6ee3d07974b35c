import { isSafeRedirectPath } from '@arena/shared/safe-redirect';
import { useSearchParams } from 'react-router';

/** The query parameter of /auth that names the page to return to after signing in. */
const RETURN_PARAM = 'redirectTo';

const HOME = '/feed';

/**
 * Where a sign-in ends: the page asked for when it is a path of this site (never `//host`,
 * `https://…`, `/\host` and the like), else the feed.
 */
function afterSignInPath(asked: string | null): string {
  return asked !== null && isSafeRedirectPath(asked) ? asked : HOME;
}

/** The sign-in page, remembering `path` (with its query and hash) when it is one to come back to. */
export function signInPathFor(path: string): string {
  if (path === HOME || !isSafeRedirectPath(path)) return '/auth';
  return `/auth?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

/** The page the sign-in on this /auth address goes on to. */
export function useAfterSignInPath(): string {
  const [searchParams] = useSearchParams();
  return afterSignInPath(searchParams.get(RETURN_PARAM));
}
