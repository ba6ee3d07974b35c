/**
 * The code of the pages the entry (boot.ts) may ask for before the router does, so that both
 * load the same chunks: the signed-in frame and the feed, the page most visits open on.
 */
export const pages = {
  appLayout: () => import('./features/shell/app-layout.tsx'),
  feed: () => import('./features/feed/feed-page.tsx'),
};

/** What to fetch at once for a page opened at `pathname` (beside the app's own code). */
export function pageCodeFor(pathname: string): (() => Promise<unknown>)[] {
  return pathname === '/feed' ? [pages.appLayout, pages.feed] : [];
}
