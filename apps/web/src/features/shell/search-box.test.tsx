import type { ProfileSummary } from '@arena/shared/profile.schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { SearchBox } from './search-box.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const person = (username: string, fullName: string, verified = false): ProfileSummary => ({
  id: crypto.randomUUID(),
  username,
  fullName,
  avatarUrl: null,
  verified,
  userType: 'player',
});

const RESULTS = [person('jordan_23', 'Jordan Miles', true), person('jo_king', 'Jo King')];

async function setup() {
  const app = await renderWithProviders(<SearchBox />, {
    api: { '/api/people/search?q=jo': [{ status: 200, body: RESULTS }] },
  });
  const box = screen.getByRole('combobox', { name: 'Search' });
  return { ...app, box };
}

it('waits for 2 characters and a pause, then lists the people found', async () => {
  const { user, box, api } = await setup();
  await user.type(box, 'j');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(api.calls.some((call) => call.path.startsWith('/api/people/search'))).toBe(false);
  expect(box).toHaveAttribute('aria-expanded', 'false');

  await user.type(box, 'o');
  const options = await screen.findAllByRole('option');
  const listbox = screen.getByRole('listbox');
  expect(within(listbox).getAllByRole('option')).toEqual(options);
  expect(options).toHaveLength(2);
  expect(options[0]).toHaveTextContent('Jordan Miles (verified)@jordan_23');
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(api.callsTo('/api/people/search?q=jo')).toHaveLength(1);
});

it('moves the highlight with the arrow keys and opens the highlighted profile on Enter', async () => {
  const { user, box } = await setup();
  await user.type(box, 'jo');
  const options = await screen.findAllByRole('option');

  await user.keyboard('{ArrowDown}');
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
  await user.keyboard('{ArrowDown}');
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}');
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowUp}');
  expect(options[1]).toHaveAttribute('aria-selected', 'true');

  await user.keyboard('{Enter}');
  expect(await screen.findByText('Now at /profile/jo_king')).toBeInTheDocument();
  expect(box).toHaveValue('');
  expect(box).toHaveAttribute('aria-expanded', 'false');
});

it('closes on Escape', async () => {
  const { user, box } = await setup();
  await user.type(box, 'jo');
  await screen.findAllByRole('option');
  await user.keyboard('{Escape}');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).toHaveValue('jo');
});

it('opens a profile on click and clears the box', async () => {
  const { user, box } = await setup();
  await user.type(box, 'jo');
  await user.click(await screen.findByRole('option', { name: /Jordan Miles/ }));
  expect(await screen.findByText('Now at /profile/jordan_23')).toBeInTheDocument();
  expect(box).toHaveValue('');
});

it('hides the list 200 ms after the box loses focus', async () => {
  const { user, box } = await setup();
  await user.type(box, 'jo');
  await screen.findAllByRole('option');
  act(() => box.blur());
  // Still there at once, so that a click on a result lands.
  expect(box).toHaveAttribute('aria-expanded', 'true');
  await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
});

it('says when nobody matches', async () => {
  const { user, box, api } = await setup();
  api.set('/api/people/search?q=zz', [{ status: 200, body: [] }]);
  await user.type(box, 'zz');
  expect(await screen.findByText('No users found')).toBeInTheDocument();
});
