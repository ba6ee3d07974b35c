import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it.each(['/feed', '/messages', '/discover', '/profile/edit', '/profile/jordan_23', '/post-offer'])(
  'sends a visitor from %s to /auth',
  async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  },
);

it('lets a visitor browse /offers', async () => {
  renderApp('/offers');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Find Athlete Offers' }),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
});

it('shows Loading... on the landing page until the session is known, then redirects a member', async () => {
  const { router } = renderApp('/', { signedInAs: {} });
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
});

it('turns a member who is not an admin away from /verify', async () => {
  const { router } = renderApp('/verify', { signedInAs: { roles: [] } });
  expect(await screen.findByText('Access denied. Admin only.')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
});

it('lets an admin into /verify', async () => {
  renderApp('/verify', { signedInAs: { roles: ['admin'] } });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Verification Management' }),
  ).toBeVisible();
});

it('shows the 404 page for unknown paths and logs the path', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  renderApp('/no/such/page');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  // Logged from an effect, which may run after the page is on screen.
  await waitFor(() =>
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('404'), '/no/such/page'),
  );
  logged.mockRestore();
});
