import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { sessionManager } from './api/session.ts';
import { AppProviders } from './app-providers.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './router.tsx';

/*
 * The app itself, loaded by boot.ts (the entry), which has already started restoring (or
 * refusing) the session: pages wait on its status.
 */
const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} sessionManager={sessionManager}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
