import type { SessionProfile } from '@arena/shared/auth.schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';

import { REMEMBER_FLAG } from '../lib/session/session-flags.ts';
import { SessionManager } from '../lib/session/session-manager.ts';
import { AppProviders } from '../app-providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { fakeApi, makeSession, memoryStorage } from './fake-api.ts';
import type { FakeReply } from './fake-api.ts';

/**
 * One component with the app's providers (query cache, session, toaster) inside a memory router,
 * signed in as `profile` against a fake API. Other paths render their path, so a test can see
 * where a link or a redirect went.
 */
export async function renderWithProviders(
  ui: ReactNode,
  options: {
    profile?: Partial<SessionProfile>;
    api?: Record<string, FakeReply[]>;
    /** Where the router starts, e.g. `/?sport=rugby` (`ui` is at `/`). */
    at?: string;
  } = {},
) {
  const session = makeSession('token-1');
  session.profile = { ...session.profile, ...options.profile };
  const { accessToken: _, expiresAt: __, ...sessionUser } = session;
  const api = fakeApi({
    '/api/auth/refresh': [{ status: 200, body: session }],
    '/api/auth/session': [{ status: 200, body: sessionUser }],
    ...options.api,
  });
  vi.stubGlobal('fetch', api.fetch);
  const local = memoryStorage({ [REMEMBER_FLAG]: '1' });
  const manager = new SessionManager({
    fetch: api.fetch,
    storage: { local, session: memoryStorage() },
    sleep: () => Promise.resolve(),
  });
  await manager.start();
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', Component: WhereAmI },
    ],
    { initialEntries: [options.at ?? '/'] },
  );
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} sessionManager={manager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, router, queryClient, user, manager, screen };
}

function WhereAmI() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}
