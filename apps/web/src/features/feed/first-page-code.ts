/**
 * The code of the pages the entry (boot.ts) may ask for before the router does, so that both
 * load the same chunks: the signed-in frame and the feed, the page most visits open on, and the
 * landing page, the page a visitor opens on.
 */
export const pages = {
  appLayout: () => import('../shell/app-layout.tsx'),
  feed: () => import('./feed-page.tsx'),
  landing: () => import('../landing/landing-page.tsx'),
};

/**
 * What to fetch at once for a page opened at `pathname` (beside the app's own code), by whether
 * a session is being restored: a visitor opening /feed is sent to /auth, a member opening / to
 * the feed.
 */
export function pageCodeFor(pathname: string, restoring: boolean): (() => Promise<unknown>)[] {
  if (pathname === '/feed' && restoring) return [pages.appLayout, pages.feed];
  if (pathname === '/' && !restoring) return [pages.landing];
  return [];
}
