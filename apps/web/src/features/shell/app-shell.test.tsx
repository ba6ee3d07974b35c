import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { REMEMBER_FLAG } from '../../lib/session/session-flags.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { RenderAppOptions } from '../../test/render-app.tsx';

// The whole app renders in each test; on a busy machine that takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

async function topNav(signedInAs: RenderAppOptions['signedInAs']) {
  const app = renderApp('/feed', { signedInAs });
  await screen.findByRole('heading', { level: 1, name: 'Home Feed' }, { timeout: 10_000 });
  const [nav] = screen.getAllByRole('navigation', { name: 'Main' });
  if (!nav) throw new Error('no main navigation');
  return { ...app, nav: within(nav) };
}

it('gives every member Feed, Messages, Sport Camps, Scholarships and Find Athlete Offers', async () => {
  const { nav } = await topNav({});
  for (const [name, href] of [
    ['Feed', '/feed'],
    ['Messages', '/messages'],
    ['Sport Camps', '/sport-camps'],
    ['Scholarships', '/scholarships'],
    ['Find Athlete Offers', '/offers'],
  ]) {
    expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  expect(nav.getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');
  expect(nav.queryByRole('link', { name: 'Post Offers' })).not.toBeInTheDocument();
  expect(nav.queryByRole('link', { name: 'Applications Received' })).not.toBeInTheDocument();
  expect(nav.queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
});

it('adds Post Offers and Applications Received for a verified coach, but not Verify', async () => {
  const { nav } = await topNav({ profile: { userType: 'coach', verified: true } });
  expect(nav.getByRole('link', { name: 'Post Offers' })).toHaveAttribute('href', '/post-offer');
  expect(nav.getByRole('link', { name: 'Applications Received' })).toHaveAttribute(
    'href',
    '/applications-received',
  );
  expect(nav.queryByRole('link', { name: 'Verify' })).not.toBeInTheDocument();
});

it('keeps them from an unverified club', async () => {
  const { nav } = await topNav({ profile: { userType: 'club', verified: false } });
  expect(nav.queryByRole('link', { name: 'Post Offers' })).not.toBeInTheDocument();
});

it('shows an admin Post Offers, Applications Received and Verify', async () => {
  const { nav } = await topNav({ roles: ['admin'] });
  expect(nav.getByRole('link', { name: 'Post Offers' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: 'Applications Received' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: 'Verify' })).toHaveAttribute('href', '/verify');
});

it('gives an admin Failed jobs in the avatar menu, not in the crowded top bar', async () => {
  const { nav, user, router } = await topNav({ roles: ['admin'] });
  expect(nav.queryByRole('link', { name: 'Failed jobs' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /account menu/i }));
  await user.click(await screen.findByRole('menuitem', { name: 'Failed jobs' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/jobs'));
});

it('puts the notifications bell in the top bar, linking to /notifications', async () => {
  await topNav({});
  expect(screen.getByRole('link', { name: /^Notifications/ })).toHaveAttribute(
    'href',
    '/notifications',
  );
});

it('has a labelled search box and a logo link to /feed', async () => {
  await topNav({});
  expect(screen.getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Arena' })).toHaveAttribute('href', '/feed');
});

it('opens My Profile from the avatar menu, whose fallback shows initials', async () => {
  const { user, router } = await topNav({ profile: { fullName: 'Jordan Miles' } });
  const trigger = screen.getByRole('button', { name: /account menu/i });
  expect(trigger).toHaveTextContent('JM');
  trigger.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('menuitem', { name: 'My Profile' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/profile/jordan_23'));
});

it('loads the avatar menu when a pointer comes near, keeping the focus on its button', async () => {
  const { user } = await topNav({});
  const placeholder = screen.getByRole('button', { name: /account menu/i });
  placeholder.focus();
  await user.hover(placeholder);
  // The menu's own button replaces the placeholder, focus and all; nothing opens by itself.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /account menu/i })).not.toBe(placeholder),
  );
  const trigger = screen.getByRole('button', { name: /account menu/i });
  expect(trigger).toHaveFocus();
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toHaveFocus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(trigger).toHaveFocus();
});

it('opens the avatar menu on the press, as its own button does, when its code loads meanwhile', async () => {
  const { user } = await topNav({});
  const placeholder = screen.getByRole('button', { name: /account menu/i });
  // Pressed, not yet released: the menu's code arrives before any click.
  await user.pointer({ keys: '[MouseLeft>]', target: placeholder });
  expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeVisible();
  // The release clicks the menu's own button, which opens on the press and ignores clicks.
  await user.pointer({ keys: '[/MouseLeft]' });
  expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

it('opens the avatar menu with the arrow key before its code has loaded', async () => {
  const { user } = await topNav({});
  screen.getByRole('button', { name: /account menu/i }).focus();
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

it('signs out from the avatar menu: session revoked, flags cleared, back on the landing page', async () => {
  const { user, router, api, local } = await topNav({});
  screen.getByRole('button', { name: /account menu/i }).focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(
    await screen.findByRole('heading', {
      level: 1,
      name: 'Welcome to your professional sports community',
    }),
  ).toBeVisible();
  expect(api.callsTo('/api/auth/sign-out').at(-1)?.authorization).toBe('Bearer token-1');
  expect(local.has(REMEMBER_FLAG)).toBe(false);
});

it('gives phones a Search button that opens the search, and a way to Discover', async () => {
  const { user } = await topNav({});
  const people = within(screen.getByRole('navigation', { name: 'People' }));
  expect(people.getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover');
  await user.click(people.getByRole('button', { name: 'Search' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Search people' }));
  expect(dialog.getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
