import { MESSAGES } from '@arena/shared/messages';
import type { SavedSearch } from '@arena/shared/scout.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError, type FakeReply } from '../../test/fake-api.ts';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { ScoutPage } from './scout-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SAVED = '/api/scout/saved-searches';
const wingers: SavedSearch = {
  id: '5b0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
  name: 'U19 wingers',
  query: 'position=Winger&ageMax=19',
  alerts: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const empty = { status: 200, body: { items: [], nextCursor: null } };

function setup(saved: SavedSearch[], extra: Record<string, FakeReply[]> = {}, at = '/') {
  return renderWithProviders(<ScoutPage />, {
    profile: { userType: 'club', verified: true },
    at,
    api: {
      [`GET ${SAVED}`]: [{ status: 200, body: { items: saved } }],
      '/api/scout/athletes?': [empty],
      '/api/scout/athletes?position=Winger&ageMax=19': [empty],
      '/api/scout/athletes?sport=rugby': [empty],
      ...extra,
    },
  });
}

const panel = async () => within(await screen.findByRole('region', { name: /Saved searches/ }));

it('lists saved searches that open their results, and says how to begin without any', async () => {
  await setup([wingers]);
  const region = await panel();
  expect(await region.findByRole('link', { name: 'U19 wingers' })).toHaveAttribute(
    'href',
    '/scout?position=Winger&ageMax=19',
  );
  expect(region.getByRole('checkbox', { name: 'Alerts for “U19 wingers”' })).toBeChecked();
  // Nothing filtered yet: saving waits for a filter, and says so.
  expect(region.getByRole('button', { name: 'Save this search' })).toBeDisabled();
  expect(region.getByText(MESSAGES.scout.savedFiltersRequired)).toBeInTheDocument();
});

it('saves the filters in the URL under a name, with alerts unless unticked', async () => {
  const saved: SavedSearch = {
    ...wingers,
    id: '6c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
    name: 'Rugby',
    query: 'sport=rugby',
    alerts: false,
  };
  const { user, api } = await setup(
    [],
    {
      [`POST ${SAVED}`]: [
        apiError(409, 'conflict', MESSAGES.scout.savedNameTaken),
        { status: 201, body: saved },
      ],
    },
    '/?sport=rugby',
  );
  const region = await panel();
  expect(await region.findByText(/Save a search to come back to it/)).toBeInTheDocument();
  await user.click(region.getByRole('button', { name: 'Save this search' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Save this search' }));
  await user.click(dialog.getByRole('button', { name: 'Save search' }));
  expect(dialog.getByText(MESSAGES.scout.savedNameRequired)).toBeInTheDocument();
  expect(api.callsTo(SAVED).some((call) => call.method === 'POST')).toBe(false);
  await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Rugby');
  await user.click(dialog.getByRole('checkbox'));
  await user.click(dialog.getByRole('button', { name: 'Save search' }));
  expect(await dialog.findByText(MESSAGES.scout.savedNameTaken)).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Save search' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await region.findByRole('link', { name: 'Rugby' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(region.getByText('This search is saved as “Rugby”.')).toBeInTheDocument();
  const posts = api.calls.filter((call) => call.method === 'POST' && call.path === SAVED);
  expect(posts.at(-1)?.body).toEqual({ name: 'Rugby', query: 'sport=rugby', alerts: false });
});

it('turns alerts off, and deletes with an Undo that saves it again', async () => {
  const { user, api } = await setup([wingers], {
    [`PATCH ${SAVED}/${wingers.id}`]: [{ status: 200, body: { ...wingers, alerts: false } }],
    [`DELETE ${SAVED}/${wingers.id}`]: [{ status: 204 }],
    [`POST ${SAVED}`]: [
      {
        status: 201,
        body: { ...wingers, id: '7d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6', alerts: false },
      },
    ],
  });
  const region = await panel();
  const alerts = await region.findByRole('checkbox', { name: 'Alerts for “U19 wingers”' });
  await user.click(alerts);
  await waitFor(() => expect(alerts).not.toBeChecked());
  expect(api.callsTo(`${SAVED}/${wingers.id}`)[0]?.body).toEqual({ alerts: false });

  await user.click(region.getByRole('button', { name: 'Delete “U19 wingers”' }));
  await waitFor(() =>
    expect(region.queryByRole('link', { name: 'U19 wingers' })).not.toBeInTheDocument(),
  );
  // (Sonner's toast wants pointer capture, which the test DOM lacks: the keyboard presses it.)
  (await screen.findByRole('button', { name: 'Undo' })).focus();
  await user.keyboard('{Enter}');
  expect(await region.findByRole('link', { name: 'U19 wingers' })).toBeInTheDocument();
  expect(api.callsTo(SAVED).find((call) => call.method === 'POST')?.body).toEqual({
    name: 'U19 wingers',
    query: 'position=Winger&ageMax=19',
    alerts: false,
  });
});
