import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { Cv } from '@arena/shared/cv.schema';
import { CV_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { CvSections } from './cv-sections.tsx';

// Typing into several fields of a form takes user-event a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY: Cv = {
  athlete: {
    sport: null,
    mainPosition: null,
    otherPositions: null,
    heightCm: null,
    weightKg: null,
    armSpan: null,
    birthdate: null,
    age: null,
    sex: null,
    nationalities: null,
    country: null,
    city: null,
    aboutPlayer: null,
    availabilityStatus: null,
  },
  career: [],
  awards: [],
  openToOffers: null,
  fillRate: 6,
};

const CV_PATH = '/api/profiles/jordan_23/cv';

async function setup(isOwn: boolean, api: Record<string, FakeReply[]> = {}) {
  const app = await renderWithProviders(<CvSections username="jordan_23" isOwn={isOwn} />, {
    api: { [CV_PATH]: [{ status: 200, body: EMPTY }], ...api },
  });
  await screen.findByRole('heading', { name: 'Sportive info' });
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });

it('edits Sportive info in place and sends only its fields, blanks as null', async () => {
  const saved: Cv = {
    ...EMPTY,
    athlete: { ...EMPTY.athlete, sport: 'padel', heightCm: 198, weightKg: 92.5 },
  };
  const { user, api } = await setup(true, {
    '/api/me/cv/athlete': [{ status: 200, body: saved }],
  });
  await user.click(screen.getByRole('button', { name: 'Edit Sportive info' }));
  const form = within(section('Sportive info'));
  // The whole list of sports, not free text.
  const sport = form.getByLabelText('Sport');
  expect(
    within(sport)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Not specified', ...SPORTS.map((slug) => SPORT_LABELS[slug])]);
  await user.selectOptions(sport, 'Padel');
  await user.type(form.getByLabelText('Height (cm)'), '198');
  await user.type(form.getByLabelText('Weight (kg)'), '92.5');
  await user.click(form.getByRole('button', { name: 'Save' }));

  expect(await form.findByText('198 cm')).toBeInTheDocument();
  expect(form.getByText('Padel')).toBeInTheDocument();
  expect(form.getByText('92.5 kg')).toBeInTheDocument();
  expect(form.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  const [call] = api.callsTo('/api/me/cv/athlete');
  expect(call?.method).toBe('PATCH');
  expect(call?.body).toEqual({
    sport: 'padel',
    mainPosition: null,
    otherPositions: null,
    heightCm: 198,
    weightKg: 92.5,
    armSpan: null,
  });
});

it('checks the fields with the shared rules before sending anything', async () => {
  const { user, api } = await setup(true);
  await user.click(screen.getByRole('button', { name: 'Edit Sportive info' }));
  const form = within(section('Sportive info'));
  await user.type(form.getByLabelText('Height (cm)'), '20');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText(MESSAGES.cv.heightRange)).toBeInTheDocument();
  expect(form.getByLabelText('Height (cm)')).toHaveAttribute('aria-invalid', 'true');
  expect(api.callsTo('/api/me/cv/athlete')).toHaveLength(0);
});

it('shows a failure inside the section and keeps the form open', async () => {
  const { user } = await setup(true, {
    '/api/me/cv/athlete': [apiError(400, 'bad_request', 'Birthdate must be after 1900')],
  });
  await user.click(screen.getByRole('button', { name: 'Edit General Info' }));
  const form = within(section('General Info'));
  await user.type(form.getByLabelText('Nationalities'), 'Spanish');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByRole('alert')).toHaveTextContent('Birthdate must be after 1900');
  expect(form.getByRole('button', { name: 'Save' })).toBeInTheDocument();

  await user.click(form.getByRole('button', { name: 'Cancel' }));
  expect(form.queryByRole('alert')).not.toBeInTheDocument();
  expect(form.getByText('Add your birthdate, sex and nationalities.')).toBeInTheDocument();
});

it('edits where the athlete lives in General Info: trimmed, a blank as none, within the limits', async () => {
  const saved: Cv = {
    ...EMPTY,
    athlete: { ...EMPTY.athlete, nationalities: 'Portuguese', country: 'Portugal', city: null },
  };
  const { user, api } = await setup(true, {
    '/api/me/cv/athlete': [{ status: 200, body: saved }],
  });
  await user.click(screen.getByRole('button', { name: 'Edit General Info' }));
  const form = within(section('General Info'));
  for (const label of ['Country', 'City']) {
    expect(form.getByLabelText(label)).toHaveAttribute('maxLength', String(CV_LIMITS.city));
  }
  await user.type(form.getByLabelText('Nationalities'), 'Portuguese');
  await user.type(form.getByLabelText('Country'), '  Portugal ');
  await user.type(form.getByLabelText('City'), '   ');
  await user.click(form.getByRole('button', { name: 'Save' }));

  expect(await form.findByText('Portugal')).toBeInTheDocument();
  expect(form.getByText('Country')).toBeInTheDocument();
  expect(form.queryByText('City')).not.toBeInTheDocument();
  expect(api.callsTo('/api/me/cv/athlete')[0]?.body).toEqual({
    birthdate: null,
    sex: null,
    nationalities: 'Portuguese',
    country: 'Portugal',
    city: null,
  });
});

it("shows a visitor the country and the city the server sends, and no city when it sends none (a minor's)", async () => {
  await renderWithProviders(<CvSections username="jordan_23" isOwn={false} />, {
    api: {
      [CV_PATH]: [
        {
          status: 200,
          body: { ...EMPTY, athlete: { ...EMPTY.athlete, age: 16, country: 'Spain', city: null } },
        },
      ],
    },
  });
  const general = within(await screen.findByRole('region', { name: 'General Info' }));
  expect(general.getByText('Spain')).toBeInTheDocument();
  expect(general.getByText('16 years old')).toBeInTheDocument();
  expect(general.queryByText('City')).not.toBeInTheDocument();
});

it('adds a season whose role defaults to Member', async () => {
  const withSeason: Cv = {
    ...EMPTY,
    career: [
      {
        id: '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
        season: '2023/24',
        teamName: 'Real Madrid',
        role: 'Member',
      },
    ],
  };
  const { user, api } = await setup(true, {
    '/api/me/cv/career': [{ status: 200, body: withSeason }],
  });
  const career = within(section('Career'));
  await user.click(career.getByRole('button', { name: 'Add season' }));
  await user.type(career.getByLabelText('Season'), '2023/24');
  await user.type(career.getByLabelText('Team name'), 'Real Madrid');
  await user.click(career.getByRole('button', { name: 'Save' }));

  expect(await career.findByText('Real Madrid')).toBeInTheDocument();
  expect(career.getByText('2023/24 · Member')).toBeInTheDocument();
  expect(api.callsTo('/api/me/cv/career')[0]?.body).toEqual({
    season: '2023/24',
    teamName: 'Real Madrid',
    role: 'Member',
  });
});

it('switches availability for the owner', async () => {
  const { user, api } = await setup(true, {
    '/api/me/cv/athlete': [
      {
        status: 200,
        body: { ...EMPTY, athlete: { ...EMPTY.athlete, availabilityStatus: 'Available' } },
      },
    ],
  });
  const availability = within(section('Availability'));
  expect(availability.getByText('Not specified')).toBeInTheDocument();
  await user.click(availability.getByRole('switch', { name: 'Available' }));
  expect(await availability.findByRole('switch', { checked: true })).toBeInTheDocument();
  expect(api.callsTo('/api/me/cv/athlete')[0]?.body).toEqual({ availabilityStatus: 'Available' });
});

it('is read-only for everyone else', async () => {
  await setup(false);
  expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add season' })).not.toBeInTheDocument();
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  expect(screen.getByText('No career history yet.')).toBeInTheDocument();
});
