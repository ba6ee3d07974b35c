import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOffer } from '../../../test/offer-data.ts';

/** Types a whole answer at once (pasting: typing key by key is slow under a loaded test run). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const offer = makeOffer({ applicationCount: 3, requirements: 'Three pro seasons.' });
const DELETE = `/api/offers/${offer.id}`;
const mine = (offers = [offer]): FakeReply => ({
  status: 200,
  body: {
    totalOffers: offers.length,
    totalApplications: offers.reduce((sum, item) => sum + item.applicationCount, 0),
    offers,
  },
});

function openPostOffer(api: Record<string, FakeReply[]> = {}) {
  return renderApp('/post-offer', {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: { '/api/me/offers': [mine()], ...api },
  });
}

it('turns a player away to /feed with the reason', async () => {
  const { router } = renderApp('/post-offer', {
    signedInAs: { profile: { userType: 'player' } },
  });
  expect(await screen.findByText(MESSAGES.offer.accessDenied)).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
});

it('shows an unverified club its offers, paused, and no form', async () => {
  const { router } = renderApp('/post-offer', {
    signedInAs: { profile: { userType: 'club', verified: false } },
    api: { '/api/me/offers': [mine([makeOffer({ paused: true })])] },
  });
  const list = await screen.findByRole('region', { name: 'Your Posted Offers' });
  expect(within(list).getByText('Paused')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.offer.verificationRequired);
  expect(screen.queryByRole('form', { name: 'Post Athlete Offer' })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/post-offer');
});

/** The toast that says `message`, whose title must be `title`. */
function expectToast(title: string, message: string) {
  const toast = screen.getAllByText(message).at(-1)?.closest('[data-sonner-toast]');
  expect(toast).toHaveTextContent(title);
}

it('shows the totals and the posted offers, with their details', async () => {
  const { user } = openPostOffer();
  const list = await screen.findByRole('region', { name: 'Your Posted Offers' });
  expect(within(list).getByRole('heading', { name: offer.title })).toBeInTheDocument();
  expect(within(list).getByText('3 Applications')).toBeInTheDocument();
  expect(screen.getByText('Total Applications').nextElementSibling).toHaveTextContent('3');

  await user.click(within(list).getByRole('button', { name: `View details of ${offer.title}` }));
  const details = within(await screen.findByRole('dialog', { name: offer.title }));
  expect(details.getByText('League Level').nextElementSibling).toHaveTextContent('N/A');
  expect(details.getByText('Three pro seasons.')).toBeInTheDocument();
  expect(details.getByRole('button', { name: 'Delete Offer' })).toBeInTheDocument();
});

it('says so when nothing is posted yet', async () => {
  openPostOffer({ '/api/me/offers': [mine([])] });
  expect(await screen.findByText('No offers posted yet')).toBeInTheDocument();
});

it('deletes only after confirmation, then reloads the list', async () => {
  const { user, api } = openPostOffer({
    '/api/me/offers': [mine(), mine([])],
    [DELETE]: [{ status: 204 }],
  });
  await user.click(await screen.findByRole('button', { name: `Delete ${offer.title}` }));
  const confirm = within(await screen.findByRole('alertdialog', { name: 'Are you sure?' }));
  expect(
    confirm.getByText(
      'This action cannot be undone. This will permanently delete the offer and all associated applications.',
    ),
  ).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(api.callsTo(DELETE)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: `Delete ${offer.title}` }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
  );
  expect(await screen.findByText(MESSAGES.offer.deleted)).toBeInTheDocument();
  expect(api.callsTo(DELETE)[0]?.method).toBe('DELETE');
  expect(await screen.findByText('No offers posted yet')).toBeInTheDocument();
});

it('reports a failed delete as an Error toast with the message', async () => {
  const { user } = openPostOffer({
    [DELETE]: [apiError(403, 'forbidden', MESSAGES.offer.deleteOthers)],
  });
  await user.click(await screen.findByRole('button', { name: `Delete ${offer.title}` }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
  );
  expect(await screen.findByText(MESSAGES.offer.deleteOthers)).toBeInTheDocument();
  expectToast('Error', MESSAGES.offer.deleteOthers);
});

it('posts an offer, then clears the form', async () => {
  const { user, api } = openPostOffer({ '/api/offers': [{ status: 201, body: offer }] });
  const form = within(await screen.findByRole('form', { name: 'Post Athlete Offer' }));
  await user.click(form.getByRole('button', { name: 'Post Offer' }));
  expect(await form.findByText(MESSAGES.offer.titleRequired)).toBeInTheDocument();
  expect(form.getByText(MESSAGES.offer.sportRequired)).toBeInTheDocument();

  await fill(user, form.getByLabelText('Offer Title'), 'Starting Point Guard');
  await fill(user, form.getByLabelText('Organization Name'), 'Riverside FC');
  await fill(user, form.getByLabelText('Location'), 'Lyon, France');
  await user.click(form.getByRole('combobox', { name: 'Sport' }));
  // The whole list, so a padel club can post a padel offer.
  expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(
    SPORTS.map((sport) => SPORT_LABELS[sport]),
  );
  await user.click(await screen.findByRole('option', { name: 'Basketball' }));
  await fill(user, form.getByLabelText('Position(s)'), 'Point Guard');
  await user.click(form.getByRole('combobox', { name: 'Contract Type' }));
  await user.click(await screen.findByRole('option', { name: 'Full Season' }));
  await fill(user, form.getByLabelText('Salary / Compensation'), '€4,000 / month');
  await fill(user, form.getByLabelText('Description'), 'A starting role.');
  await user.click(form.getByRole('button', { name: 'Post Offer' }));

  expect(await screen.findByText(MESSAGES.offer.posted)).toBeInTheDocument();
  expectToast('Success', MESSAGES.offer.posted);
  expect(api.callsTo('/api/offers')[0]?.body).toEqual({
    title: 'Starting Point Guard',
    organizationName: 'Riverside FC',
    location: 'Lyon, France',
    leagueLevel: null,
    sport: 'basketball',
    positions: 'Point Guard',
    contractType: 'Full Season',
    salary: '€4,000 / month',
    description: 'A starting role.',
    requirements: null,
    deadline: null,
    places: null,
  });
  await waitFor(() => expect(form.getByLabelText('Offer Title')).toHaveValue(''));
  expect(form.getByRole('combobox', { name: 'Sport' })).toHaveTextContent('Select a sport');
  expect(form.getByRole('link', { name: 'View All Offers' })).toHaveAttribute('href', '/offers');
});

it('shows a refusal from the server as an Error toast', async () => {
  const { user } = openPostOffer({
    '/api/offers': [apiError(403, 'forbidden', MESSAGES.offer.verificationRequired)],
  });
  const form = within(await screen.findByRole('form', { name: 'Post Athlete Offer' }));
  for (const [label, value] of [
    ['Offer Title', 'T'],
    ['Organization Name', 'O'],
    ['Location', 'L'],
    ['Position(s)', 'P'],
    ['Salary / Compensation', 'S'],
    ['Description', 'D'],
  ] as const) {
    await fill(user, form.getByLabelText(label), value);
  }
  await user.click(form.getByRole('combobox', { name: 'Sport' }));
  await user.click(await screen.findByRole('option', { name: 'Other' }));
  await user.click(form.getByRole('combobox', { name: 'Contract Type' }));
  await user.click(await screen.findByRole('option', { name: 'Short-Term' }));
  await user.click(form.getByRole('button', { name: 'Post Offer' }));
  expect(await screen.findByText(MESSAGES.offer.verificationRequired)).toBeInTheDocument();
  expectToast('Error', MESSAGES.offer.verificationRequired);
  expect(form.getByLabelText('Offer Title')).toHaveValue('T');
});
