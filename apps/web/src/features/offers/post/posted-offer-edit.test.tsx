import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { makeOffer } from '../../../test/offer-data.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const offer = makeOffer({
  applicationCount: 2,
  deadline: '2099-06-30T18:00:00.000Z',
  places: 3,
  signedCount: 1,
});
const OFFER = `/api/offers/${offer.id}`;
const mine = (offers = [offer]): FakeReply => ({
  status: 200,
  body: { totalOffers: offers.length, totalApplications: 2, offers },
});

function openPostOffer(api: Record<string, FakeReply[]> = {}) {
  return renderApp('/post-offer', {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: { '/api/me/offers': [mine()], ...api },
  });
}

/** The posted offer's row in 'Your Posted Offers'. */
async function row(title = offer.title) {
  const list = await screen.findByRole(
    'region',
    { name: 'Your Posted Offers' },
    { timeout: 10_000 },
  );
  return within(within(list).getByRole('heading', { name: title }).closest('li')!);
}

it.each([
  [null, 'Open'],
  ['closed', 'Closed'],
  ['deadline', 'Deadline passed'],
  ['full', 'Full'],
] as const)('shows an offer whose closedReason is %s as %s', async (closedReason, state) => {
  openPostOffer({ '/api/me/offers': [mine([{ ...offer, closedReason }])] });
  const item = await row();
  expect(item.getByText(state)).toBeInTheDocument();
  expect(item.getByText(/1 of 3 places signed/)).toBeInTheDocument();
  expect(
    item.getByRole('button', { name: `${closedReason ? 'Reopen' : 'Close'} ${offer.title}` }),
  ).toBeInTheDocument();
});

it('shows the state, deadline and places in the offer’s details', async () => {
  const { user } = openPostOffer({
    '/api/me/offers': [mine([{ ...offer, closedReason: 'full' }])],
  });
  await user.click((await row()).getByRole('button', { name: `View details of ${offer.title}` }));
  const details = within(await screen.findByRole('dialog', { name: offer.title }));
  expect(details.getByText('Full')).toBeInTheDocument();
  expect(details.getByText('Application deadline').nextElementSibling).toHaveTextContent('2099');
  expect(details.getByText('Places').nextElementSibling).toHaveTextContent('1 of 3 places signed');
});

it('edits an offer in the same form, prefilled, and saves it with PUT', async () => {
  const { user, api } = openPostOffer({
    [OFFER]: [{ status: 200, body: { ...offer, salary: '€5,000 / month' } }],
    '/api/me/offers': [mine(), mine([{ ...offer, salary: '€5,000 / month' }])],
  });
  await user.click((await row()).getByRole('button', { name: `Edit ${offer.title}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Offer' }));
  const form = within(dialog.getByRole('form', { name: `Edit ${offer.title}` }));
  expect(form.getByLabelText('Offer Title')).toHaveValue(offer.title);
  expect(form.getByRole('combobox', { name: 'Sport' })).toHaveTextContent('Basketball');
  expect(form.getByLabelText('Places')).toHaveValue(3);
  const deadline = form.getByLabelText('Application deadline');
  expect(new Date((deadline as HTMLInputElement).value).toISOString()).toBe(offer.deadline);

  await user.clear(form.getByLabelText('Salary / Compensation'));
  await user.type(form.getByLabelText('Salary / Compensation'), '€5,000 / month');
  await user.click(form.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Offer updated')).toBeInTheDocument();
  const put = api.callsTo(OFFER)[0]!;
  expect(put.method).toBe('PUT');
  expect(put.body).toMatchObject({
    title: offer.title,
    sport: 'basketball',
    contractType: 'Full Season',
    salary: '€5,000 / month',
    places: 3,
  });
  expect(Date.parse((put.body as { deadline: string }).deadline)).toBe(Date.parse(offer.deadline!));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('checks the deadline and the places before posting', async () => {
  const { user, api } = openPostOffer();
  const form = within(await screen.findByRole('form', { name: 'Post Athlete Offer' }));
  fireEvent.change(form.getByLabelText('Application deadline'), {
    target: { value: '2020-01-01T10:00' },
  });
  await user.type(form.getByLabelText('Places'), '0');
  await user.click(form.getByRole('button', { name: 'Post Offer' }));
  expect(await form.findByText(PIPELINE_MESSAGES.deadlinePast)).toBeInTheDocument();
  expect(form.getByText(PIPELINE_MESSAGES.placesInvalid)).toBeInTheDocument();
  expect(api.callsTo('/api/offers')).toHaveLength(0);
});

it('closes an offer, and shows why it cannot reopen', async () => {
  const closed = { ...offer, closedReason: 'closed' as const };
  const { user, api } = openPostOffer({
    '/api/me/offers': [mine(), mine([closed])],
    [`${OFFER}/close`]: [{ status: 200, body: closed }],
    [`${OFFER}/reopen`]: [apiError(409, 'conflict', PIPELINE_MESSAGES.reopenPastDeadline)],
  });
  await user.click((await row()).getByRole('button', { name: `Close ${offer.title}` }));
  expect(await screen.findByText('Offer closed')).toBeInTheDocument();
  expect(api.callsTo(`${OFFER}/close`)[0]?.method).toBe('POST');
  const item = await row();
  await waitFor(() => expect(item.getByText('Closed')).toBeInTheDocument());
  await user.click(item.getByRole('button', { name: `Reopen ${offer.title}` }));
  expect(await screen.findByText(PIPELINE_MESSAGES.reopenPastDeadline)).toBeInTheDocument();
  expect(item.getByText('Closed')).toBeInTheDocument();
});
