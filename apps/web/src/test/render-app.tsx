import type { Role } from '@arena/shared/constants';
import type { SessionProfile } from '@arena/shared/auth.schema';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// 'react-router/dom' would load a second copy of the router under Node's resolution.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import { REMEMBER_FLAG } from '../lib/session/session-flags.ts';
import { SessionManager } from '../lib/session/session-manager.ts';
import { AppProviders } from '../app-providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { routes } from '../router.tsx';
import { fakeApi, makeSession, memoryStorage } from './fake-api.ts';
import type { FakeReply } from './fake-api.ts';

export interface RenderAppOptions {
  /** Signed in (restored from the remember flag) as this member; signed out when absent. */
  signedInAs?: { profile?: Partial<SessionProfile>; roles?: Role[] };
  /** Extra canned API answers by path. */
  api?: Record<string, FakeReply[]>;
}

/**
 * The whole app in memory at `path`, against a fake API: the real routes, guards, providers and
 * session manager, with fetch and storage replaced.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const routesByPath: Record<string, FakeReply[]> = {
    '/api/auth/sign-out': [{ status: 204 }],
    '/api/meta': [{ status: 200, body: { contactEmail: 'legal@arena.test' } }],
    ...options.api,
  };
  const local = memoryStorage();
  const sessionStore = memoryStorage();
  if (options.signedInAs) {
    const session = makeSession('token-1', { roles: options.signedInAs.roles ?? [] });
    session.profile = { ...session.profile, ...options.signedInAs.profile };
    const { accessToken: _, expiresAt: __, ...sessionUser } = session;
    routesByPath['/api/auth/refresh'] ??= [{ status: 200, body: session }];
    routesByPath['/api/auth/session'] ??= [{ status: 200, body: sessionUser }];
    local.setItem(REMEMBER_FLAG, '1');
  }
  const api = fakeApi(routesByPath);
  // Hooks call the API through the app's own session manager, which uses the global fetch.
  vi.stubGlobal('fetch', api.fetch);
  const manager = new SessionManager({
    fetch: api.fetch,
    storage: { local, session: sessionStore },
    sleep: () => Promise.resolve(),
  });
  void manager.start();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} sessionManager={manager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, manager, router, user, local, sessionStore, queryClient };
}
