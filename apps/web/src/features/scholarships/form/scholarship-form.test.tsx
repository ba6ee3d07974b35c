import { SCHOLARSHIP_MESSAGES as M } from '@arena/shared/scholarship.schema';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { isoToLocal } from '../../offers/post/date-time-local.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeScholarship } from '../../../test/scholarship-data.ts';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const club = { profile: { userType: 'club' as const, verified: true } };
const scholarship = makeScholarship({ canManage: true });

async function fill(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

const inDays = (days: number) => isoToLocal(new Date(Date.now() + days * 86_400_000).toISOString());

/** Every required field, right. */
async function fillValid(user: UserEvent) {
  await fill(user, 'Scholarship title', scholarship.title);
  await fill(user, 'Institution', scholarship.institution);
  await fill(user, 'Country', 'United States');
  await user.selectOptions(screen.getByLabelText('Sport'), 'football');
  await user.selectOptions(screen.getByLabelText('Level'), 'ncaa-d1');
  await user.selectOptions(screen.getByLabelText('Coverage'), 'full');
  await user.clear(screen.getByLabelText('Number available'));
  await fill(user, 'Number available', '2');
  await user.clear(screen.getByLabelText('Deadline'));
  await fill(user, 'Deadline', inDays(30));
  await fill(user, 'Description', scholarship.description);
}

it('says what is missing or wrong, with the shared messages, and sends nothing', async () => {
  const { api, user } = renderApp('/scholarships/new', { signedInAs: club });
  await screen.findByLabelText('Scholarship title');
  await user.clear(screen.getByLabelText('Number available'));
  await fill(user, 'Number available', '0');
  await user.click(screen.getByRole('button', { name: 'Post scholarship' }));
  expect(await screen.findByText(M.titleRequired)).toBeInTheDocument();
  expect(screen.getByText(M.institutionRequired)).toBeInTheDocument();
  expect(screen.getByText(M.countryRequired)).toBeInTheDocument();
  expect(screen.getByText(M.sportRequired)).toBeInTheDocument();
  expect(screen.getByText(M.levelRequired)).toBeInTheDocument();
  expect(screen.getByText(M.coverageRequired)).toBeInTheDocument();
  expect(screen.getByText(M.placesInvalid)).toBeInTheDocument();
  expect(screen.getByText(M.deadlineRequired)).toBeInTheDocument();
  expect(screen.getByText(M.descriptionRequired)).toBeInTheDocument();
  expect(screen.getByLabelText('Scholarship title')).toHaveAttribute('aria-invalid', 'true');

  // A deadline passed is refused; once every field is right, the ages' order speaks.
  await fill(user, 'Deadline', '2020-01-01T10:00');
  await user.click(screen.getByRole('button', { name: 'Post scholarship' }));
  expect(await screen.findByText(M.deadlineRequired)).toBeInTheDocument();
  await fillValid(user);
  await fill(user, 'Youngest age', '19');
  await fill(user, 'Oldest age', '17');
  await user.click(screen.getByRole('button', { name: 'Post scholarship' }));
  expect(await screen.findByText(M.agesInvalid)).toBeInTheDocument();
  expect(api.callsTo('/api/scholarships')).toHaveLength(0);
});

it('posts one, shows the server’s refusals on their fields, and opens it', async () => {
  const { api, user, router } = renderApp('/scholarships/new', {
    signedInAs: club,
    api: {
      'POST /api/scholarships': [
        {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'Invalid request',
              fields: { country: M.countryRequired },
            },
          },
        },
        { status: 201, body: scholarship },
      ],
      [`/api/scholarships/${scholarship.id}`]: [{ status: 200, body: scholarship }],
    },
  });
  await screen.findByLabelText('Scholarship title');
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Post scholarship' }));
  expect(await screen.findByText(M.countryRequired)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Post scholarship' }));
  expect(await screen.findByText(M.posted)).toBeInTheDocument();
  await waitFor(() =>
    expect(router.state.location.pathname).toBe(`/scholarships/${scholarship.id}`),
  );
  expect(api.callsTo('/api/scholarships')[1]?.body).toMatchObject({
    title: scholarship.title,
    institution: 'Lakeside University',
    country: 'United States',
    sport: 'football',
    level: 'ncaa-d1',
    coverage: 'full',
    places: 2,
    ageMin: null,
    amount: null,
    description: scholarship.description,
  });
});

it('edits a posted one with its values filled in', async () => {
  const path = `/api/scholarships/${scholarship.id}`;
  const { api, user } = renderApp(`/scholarships/${scholarship.id}/edit`, {
    signedInAs: club,
    api: {
      [path]: [{ status: 200, body: scholarship }],
      [`PUT ${path}`]: [{ status: 200, body: { ...scholarship, coverage: 'partial' } }],
    },
  });
  expect(await screen.findByLabelText('Scholarship title')).toHaveValue(scholarship.title);
  expect(screen.getByLabelText('Coverage')).toHaveValue('full');
  expect(screen.getByLabelText('Oldest age')).toHaveValue(19);
  await user.selectOptions(screen.getByLabelText('Coverage'), 'partial');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText(M.updated)).toBeInTheDocument();
  const put = api.callsTo(path).find((call) => call.method === 'PUT');
  expect(put?.body).toMatchObject({ coverage: 'partial', places: 2, ageMax: 19 });
});

it('tells a player who may post', async () => {
  renderApp('/scholarships/new', { signedInAs: { profile: { userType: 'player' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent(M.accessDenied);
});
