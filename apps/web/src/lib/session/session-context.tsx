import { createContext, use, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

import type { SessionManager } from './session-manager.ts';
import type { AuthState } from './session-state.ts';

const SessionManagerContext = createContext<SessionManager | null>(null);

export function AuthProvider({
  manager,
  children,
}: {
  manager: SessionManager;
  children: ReactNode;
}) {
  return <SessionManagerContext value={manager}>{children}</SessionManagerContext>;
}

export function useSessionManager(): SessionManager {
  const manager = use(SessionManagerContext);
  if (!manager) throw new Error('useSessionManager must be used inside <AuthProvider>');
  return manager;
}

/** Who is signed in: `status` is 'loading' until the start-up check has finished. */
export function useAuth(): AuthState {
  const manager = useSessionManager();
  return useSyncExternalStore(manager.subscribe, manager.getState, manager.getState);
}
