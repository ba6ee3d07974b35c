import { browserFlagStores } from './session-flags.ts';
import { SessionManager } from './session-manager.ts';

/** The browser's one session manager; components reach it through `AuthProvider`. */
export const sessionManager = new SessionManager({
  // Called through a wrapper: a bare `fetch` reference loses `window` as its receiver.
  fetch: (input, init) => fetch(input, init),
  storage: browserFlagStores(),
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
  channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('arena-session'),
});
