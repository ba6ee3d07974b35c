import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { makeCamp, makeRegistration } from '../../test/camp-data.ts';
import { apiError } from '../../test/fake-api.ts';
import { CLUB } from '../../test/offer-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole pages, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const camp = makeCamp({ registrationDeadline: '2027-07-01T18:00:00.000Z' });
const CAMP = `/api/camps/${camp.id}`;
const REGISTRATION = `${CAMP}/registration`;
const REGISTRATIONS = `${CAMP}/registrations`;
const player = { profile: { userType: 'player' as const } };

function definition(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

it('shows every fact of the camp, and books a place', async () => {
  const { api, user } = renderApp(`/sport-camps/${camp.id}`, {
    signedInAs: player,
    api: {
      [CAMP]: [{ status: 200, body: camp }],
      [REGISTRATION]: [
        {
          status: 200,
          body: {
            ...camp,
            placesLeft: 4,
            myRegistration: { status: 'booked', waitlistPosition: null },
          },
        },
      ],
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: camp.title })).toBeInTheDocument();
  expect(definition('Dates')).toHaveTextContent('12–16 Jul 2027');
  expect(definition('Place')).toHaveTextContent('Riverside Park, Porto, Portugal');
  expect(definition('Level')).toHaveTextContent('Intermediate');
  expect(definition('Ages')).toHaveTextContent('Ages 12–16');
  expect(definition('Price')).toHaveTextContent('€49.50');
  expect(definition('Capacity')).toHaveTextContent('20 places');
  expect(definition('Places left')).toHaveTextContent('5 places left');
  expect(definition('Registration deadline')).toHaveTextContent('2027');
  expect(definition('Contact')).toHaveTextContent('camps@riverside.test');
  expect(screen.getByText('Boots and a water bottle.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Riverside FC/ })).toHaveAttribute(
    'href',
    '/profile/riverside_fc',
  );
  expect(screen.queryByRole('region', { name: 'Registrations' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancel camp' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Book a place' }));
  expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(CAMP_MESSAGES.booked);
  expect(api.callsTo(REGISTRATION)[0]).toMatchObject({ method: 'PUT', body: { kind: 'booked' } });
  expect(definition('Places left')).toHaveTextContent('4 places left');
  expect(screen.queryByRole('button', { name: 'Book a place' })).not.toBeInTheDocument();
});

it('offers the waiting list when the camp is full, and says where the member stands', async () => {
  const full = { ...camp, placesLeft: 0, waitlistCount: 2 };
  const { api, user } = renderApp(`/sport-camps/${camp.id}`, {
    signedInAs: player,
    api: {
      [CAMP]: [{ status: 200, body: full }],
      [REGISTRATION]: [
        {
          status: 200,
          body: {
            ...full,
            waitlistCount: 3,
            myRegistration: { status: 'waitlisted', waitlistPosition: 3 },
          },
        },
      ],
    },
  });
  expect(await screen.findByText('Full — waiting list')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
  expect(await screen.findByText('You are #3 on the waiting list')).toBeInTheDocument();
  expect(await screen.findByText(CAMP_MESSAGES.waitlisted)).toBeInTheDocument();
  expect(api.callsTo(REGISTRATION)[0]?.body).toEqual({ kind: 'booked' });
});

it('registers interest, and cancels a registration only once confirmed', async () => {
  const interested = {
    ...camp,
    myRegistration: { status: 'interested' as const, waitlistPosition: null },
  };
  const { api, user } = renderApp(`/sport-camps/${camp.id}`, {
    signedInAs: player,
    api: {
      [CAMP]: [{ status: 200, body: camp }],
      [`PUT ${REGISTRATION}`]: [{ status: 200, body: interested }],
      [`DELETE ${REGISTRATION}`]: [{ status: 200, body: camp }],
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Register interest' }));
  expect(await screen.findByText(/You registered your interest/)).toBeInTheDocument();
  // Interest holds no place: booking one is still offered.
  expect(screen.getByRole('button', { name: 'Book a place' })).toBeEnabled();

  await user.click(screen.getByRole('button', { name: 'Cancel registration' }));
  const confirm = within(
    await screen.findByRole('alertdialog', { name: 'Cancel your registration?' }),
  );
  await user.click(confirm.getByRole('button', { name: 'Cancel' }));
  expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Cancel registration' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', {
      name: 'Cancel registration',
    }),
  );
  expect(await screen.findByText(CAMP_MESSAGES.registrationCancelled)).toBeInTheDocument();
  expect(api.calls.filter((call) => call.method === 'DELETE')[0]?.path).toBe(REGISTRATION);
  expect(await screen.findByRole('button', { name: 'Register interest' })).toBeInTheDocument();
});

it.each([
  ['deadline', CAMP_MESSAGES.closedDeadline, true],
  ['started', CAMP_MESSAGES.closedStarted, false],
  ['cancelled', CAMP_MESSAGES.closedCancelled, false],
  ['paused', CAMP_MESSAGES.closedPaused, true],
] as const)(
  'disables registering when the camp is closed (%s), with the reason',
  async (reason, sentence, canCancel) => {
    renderApp(`/sport-camps/${camp.id}`, {
      signedInAs: player,
      api: {
        [CAMP]: [
          {
            status: 200,
            body: {
              ...camp,
              closedReason: reason,
              myRegistration: { status: 'interested', waitlistPosition: null },
            },
          },
        ],
      },
    });
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a place' })).toBeDisabled();
    const cancel = screen.getByRole('button', { name: 'Cancel registration' });
    if (canCancel) expect(cancel).toBeEnabled();
    else expect(cancel).toBeDisabled();
  },
);

it('gives the organiser the registrations, a message button each, and the camp’s tools', async () => {
  const mine = { ...camp, canManage: true };
  const ana = makeRegistration();
  const ben = makeRegistration({
    id: crypto.randomUUID(),
    status: 'waitlisted',
    member: { ...ana.member, id: crypto.randomUUID(), username: 'ben_k', fullName: 'Ben Kay' },
  });
  const { api, user, router } = renderApp(`/sport-camps/${camp.id}#registrations`, {
    signedInAs: { profile: { id: CLUB.id, userType: 'club', verified: true } },
    api: {
      [CAMP]: [{ status: 200, body: mine }],
      [REGISTRATIONS]: [{ status: 200, body: { items: [ana, ben], nextCursor: null } }],
      [`${REGISTRATIONS}?status=waitlisted`]: [
        { status: 200, body: { items: [ben], nextCursor: null } },
      ],
      [`POST ${CAMP}/cancel`]: [
        {
          status: 200,
          body: { ...mine, closedReason: 'cancelled', cancelledAt: '2027-03-01T10:00:00.000Z' },
        },
      ],
      [`DELETE ${CAMP}`]: [{ status: 204 }],
      '/api/camps?tab=upcoming': [{ status: 200, body: { items: [], nextCursor: null } }],
    },
  });
  const section = within(await screen.findByRole('region', { name: 'Registrations' }));
  expect(await section.findByRole('link', { name: 'Ana Silva' })).toHaveAttribute(
    'href',
    '/profile/ana_silva',
  );
  expect(section.getByRole('link', { name: 'Message Ben Kay' })).toHaveAttribute(
    'href',
    '/messages?user=ben_k',
  );
  expect(section.getByText('Booked', { selector: 'span' })).toBeInTheDocument();
  // Organisers do not register for their own camp.
  expect(screen.queryByRole('button', { name: 'Book a place' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/sport-camps/${camp.id}/edit`,
  );

  await user.click(section.getByRole('button', { name: 'Waiting list' }));
  await waitFor(() => expect(section.queryByText('Ana Silva')).not.toBeInTheDocument());
  expect(section.getByText('Ben Kay')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Cancel camp' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Cancel this camp?' })).getByRole(
      'button',
      { name: 'Cancel camp' },
    ),
  );
  expect(await screen.findByText(CAMP_MESSAGES.cancelled)).toBeInTheDocument();
  expect(api.calls.some((call) => call.method === 'POST' && call.path === `${CAMP}/cancel`)).toBe(
    true,
  );

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Delete this camp?' })).getByRole(
      'button',
      { name: 'Delete' },
    ),
  );
  await waitFor(() => expect(router.state.location.pathname).toBe('/sport-camps'));
  expect(await screen.findByText(CAMP_MESSAGES.deleted)).toBeInTheDocument();
});

it('says so when the camp is gone', async () => {
  renderApp(`/sport-camps/${camp.id}`, {
    signedInAs: player,
    api: { [CAMP]: [apiError(404, 'not_found', CAMP_MESSAGES.notFound)] },
  });
  expect(await screen.findByText(CAMP_MESSAGES.notFound)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All camps' })).toHaveAttribute('href', '/sport-camps');
});
