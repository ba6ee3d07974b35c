/**
 * Which kind of session the user asked for (spec section 4, Auth). The refresh cookie itself is
 * HttpOnly, so these flags are how the app knows, at start-up, whether a session should exist.
 */
export const REMEMBER_FLAG = 'arena.remember';
export const SESSION_FLAG = 'arena.session';

type FlagStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FlagStores {
  /** localStorage: outlives the browser session ('Remember me' ticked). */
  local: FlagStore | null;
  /** sessionStorage: ends with the tab ('Remember me' unticked). */
  session: FlagStore | null;
}

/** Storage can throw (disabled cookies, some private modes); a missing flag is the safe reading. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function browserFlagStores(): FlagStores {
  return {
    local: attempt(() => window.localStorage, null),
    session: attempt(() => window.sessionStorage, null),
  };
}

/** Did the user ask for a session that this start-up should restore? */
export function hasSessionFlag(stores: FlagStores): boolean {
  return (
    attempt(() => stores.local?.getItem(REMEMBER_FLAG) != null, false) ||
    attempt(() => stores.session?.getItem(SESSION_FLAG) != null, false)
  );
}

/** Records the choice made at sign-in or sign-up; exactly one flag is left set. */
export function markSession(stores: FlagStores, remember: boolean): void {
  attempt(() => {
    if (remember) {
      stores.local?.setItem(REMEMBER_FLAG, '1');
      stores.session?.removeItem(SESSION_FLAG);
    } else {
      stores.session?.setItem(SESSION_FLAG, '1');
      stores.local?.removeItem(REMEMBER_FLAG);
    }
  }, undefined);
}

export function clearSessionFlags(stores: FlagStores): void {
  attempt(() => stores.local?.removeItem(REMEMBER_FLAG), undefined);
  attempt(() => stores.session?.removeItem(SESSION_FLAG), undefined);
}
