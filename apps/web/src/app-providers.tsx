import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

import { useSessionCacheSync } from './lib/session/session-queries.ts';
import { AuthProvider } from './lib/session/session-context.tsx';
import type { SessionManager } from './lib/session/session-manager.ts';
import { SessionExpiredNotice } from './features/auth/session-expired-notice.tsx';

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
        <Toaster
          position="top-center"
          closeButton
          toastOptions={{
            // An accent stripe tells success from error at a glance; the text stays dark on
            // white (sonner's rich colours fall short of 4.5:1 contrast).
            classNames: {
              success: 'border-l-4! border-l-green-700!',
              error: 'border-l-4! border-l-red-700!',
            },
          }}
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}

function SessionCacheSync() {
  useSessionCacheSync();
  return null;
}
