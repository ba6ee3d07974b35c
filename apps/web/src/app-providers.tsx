import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { useSessionCacheSync } from './lib/session/session-queries.ts';
import { AuthProvider } from './lib/session/session-context.tsx';
import type { SessionManager } from './lib/session/session-manager.ts';
import { SessionExpiredNotice } from './features/auth/session-expired-notice.tsx';
import { AppToaster } from './features/shell/app-toaster.tsx';

/** Everything the screens rely on: the query cache, the session, and one toaster. */
export function AppProviders({
  queryClient,
  sessionManager,
  children,
}: {
  queryClient: QueryClient;
  sessionManager: SessionManager;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider manager={sessionManager}>
        <SessionCacheSync />
        <SessionExpiredNotice />
        {children}
        <AppToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}

function SessionCacheSync() {
  useSessionCacheSync();
  return null;
}
