import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProviders } from './app-providers.tsx';
import { endPushWithSession } from './features/notifications/browser-push.ts';
import type { SessionManager } from './lib/session/session-manager.ts';
import { createQueryClient } from './query-client.ts';
import { routes } from './router.tsx';

/*
 * The app itself, started by boot.ts (the entry), which has already started restoring (or
 * refusing) the session with `sessionManager`: pages wait on its status.
 */
export function startApp(sessionManager: SessionManager): void {
  const router = createBrowserRouter(routes);
  endPushWithSession(sessionManager);
  const queryClient = createQueryClient();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const root = createRoot(container);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} sessionManager={sessionManager}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A visitor's first render (the landing page) is a transition: it yields to the browser every
  // few milliseconds instead of holding the main thread for one long task. A member's is not: the
  // session's first answers arrive during it, and each would start a transition over (decision 0034).
  if (sessionManager.getState().status === 'signed-out') startTransition(() => root.render(app));
  else root.render(app);
}
