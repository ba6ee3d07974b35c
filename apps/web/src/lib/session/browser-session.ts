import { browserFlagStores } from './session-flags.ts';
import { SessionManager } from './session-manager.ts';

/**
 * The browser's session manager. The entry (boot.ts) makes the one the page uses and hands it to
 * the app (app.tsx), whose screens reach it through `AuthProvider` (session-context.tsx) only.
 */
export function createBrowserSessionManager(): SessionManager {
  return new SessionManager({
    // Called through a wrapper: a bare `fetch` reference loses `window` as its receiver.
    fetch: (input, init) => fetch(input, init),
    storage: browserFlagStores(),
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('arena-session'),
  });
}
