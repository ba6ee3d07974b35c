import { DECLINE_TEMPLATES, PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import type { ApplicationDetail } from '@arena/shared/offer.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { makeApplication, makeOffer } from '../../../test/offer-data.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = '/api/me/applications-received';
const application = makeApplication({ status: 'pending' });
const other = makeApplication({
  id: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
  athleteName: 'Ana Lima',
  status: 'shortlisted',
});
const DETAIL = `/api/applications/${application.id}`;
const STAGE = `${DETAIL}/stage`;
const NOTES = `${DETAIL}/notes`;
const offer = makeOffer({ applicationCount: 2 });
const backup = makeOffer({
  id: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
  title: 'Backup Center',
  applicationCount: 0,
});
const MINE: FakeReply = {
  status: 200,
  body: { totalOffers: 2, totalApplications: 2, offers: [offer, backup] },
};
const NOTE = {
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  body: 'Strong left hand.',
  createdAt: '2025-03-06T09:00:00.000Z',
  author: {
    id: '5d7c9a2e-1b3f-4e6a-8c0d-2f4b6a8c0e1d',
    username: 'riverside_fc',
    fullName: 'Riverside FC',
  },
};

function detail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    ...application,
    status: 'viewed',
    history: [
      {
        id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        stage: 'pending',
        by: 'athlete',
        message: null,
        trialAt: null,
        trialPlace: null,
        createdAt: '2025-03-05T10:00:00.000Z',
      },
      {
        id: '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        stage: 'viewed',
        by: 'system',
        message: null,
        trialAt: null,
        trialPlace: null,
        createdAt: '2025-03-06T08:00:00.000Z',
      },
    ],
    notes: [],
    ...overrides,
  };
}

function openReceived(api: Record<string, FakeReply[]>, path = '/applications-received') {
  return renderApp(path, {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: {
      '/api/me/offers': [MINE],
      [LIST]: [{ status: 200, body: [application, other] }],
      ...api,
    },
  });
}

/** Opens the first card's details and waits for its pipeline. */
async function openFirst(user: ReturnType<typeof openReceived>['user']) {
  await user.click(
    await screen.findByRole('button', { name: `Show details of ${application.athleteName}` }),
  );
  return within(await screen.findByRole('region', { name: 'Pipeline' }));
}

it('keeps the offer, stage and order in the address and asks the server for them', async () => {
  const filtered = `${LIST}?offer=${offer.id}&stage=shortlisted&sort=cv`;
  const { user, api, router } = openReceived(
    {
      [filtered]: [{ status: 200, body: [other] }],
      [`${LIST}?offer=${offer.id}&sort=cv`]: [{ status: 200, body: [application, other] }],
    },
    `/applications-received?offer=${offer.id}&stage=shortlisted&sort=cv`,
  );
  // The first page of the file loads the route's code: allow it time under a loaded run.
  expect(
    await screen.findByRole('heading', { name: 'Ana Lima' }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(api.callsTo(filtered)).toHaveLength(1);
  const byOffer = screen.getByLabelText('Filter by offer');
  await waitFor(() => expect(byOffer).toHaveDisplayValue('Starting Point Guard (2)'));
  expect(
    within(byOffer)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['All offers', 'Starting Point Guard (2)', 'Backup Center (0)']);
  expect(screen.getByLabelText('Filter by stage')).toHaveDisplayValue('Shortlisted');
  expect(screen.getByLabelText('Sort')).toHaveDisplayValue('CV fill rate');

  await user.selectOptions(screen.getByLabelText('Filter by stage'), 'All stages');
  expect(router.state.location.search).toBe(`?offer=${offer.id}&sort=cv`);
  expect(await screen.findByRole('heading', { name: application.athleteName })).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Sort'), 'Newest first');
  await user.selectOptions(screen.getByLabelText('Filter by offer'), 'All offers');
  expect(router.state.location.search).toBe('');
  await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
});

it('shows each card’s stage and CV fill rate', async () => {
  openReceived({});
  const card = within(await screen.findByRole('article', { name: application.athleteName }));
  expect(card.getByText('Pending')).toBeInTheDocument();
  expect(card.getByText('CV 60% complete')).toBeInTheDocument();
  expect(
    within(screen.getByRole('article', { name: 'Ana Lima' })).getByText('Shortlisted'),
  ).toBeInTheDocument();
});

it('says when no application matches the filters', async () => {
  openReceived(
    { [`${LIST}?stage=signed`]: [{ status: 200, body: [] }] },
    '/applications-received?stage=signed',
  );
  expect(await screen.findByText('No applications match these filters.')).toBeInTheDocument();
  expect(screen.getByText('0 Applications')).toBeInTheDocument();
});

it('opens an application: its history, the moves it allows, and the lists refreshed as viewed', async () => {
  const { user, api } = openReceived({
    [DETAIL]: [{ status: 200, body: detail() }],
    [LIST]: [
      { status: 200, body: [application, other] },
      { status: 200, body: [{ ...application, status: 'viewed' }, other] },
    ],
  });
  const pipeline = await openFirst(user);
  expect(api.callsTo(DETAIL)[0]?.method).toBe('GET');
  expect(pipeline.getAllByRole('button').map((b) => b.textContent)).toEqual([
    'Shortlist',
    'Invite to trial',
    'Make an offer',
    'Mark signed',
    'Decline',
  ]);
  const history = within(pipeline.getByRole('list', { name: 'History' }));
  expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Pending by the athlete/),
    expect.stringMatching(/^Viewed automatically/),
  ]);
  // The card catches up with the server: the application is viewed now.
  const card = within(screen.getByRole('article', { name: application.athleteName }));
  await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  expect(await card.findByText('Viewed', { selector: 'span.rounded-full' })).toBeInTheDocument();
});

it('shortlists with a message to the athlete, then offers the next moves', async () => {
  const shortlisted = detail({ status: 'shortlisted' });
  const { user, api } = openReceived({
    [DETAIL]: [{ status: 200, body: detail() }],
    [STAGE]: [{ status: 200, body: shortlisted }],
  });
  const pipeline = await openFirst(user);
  await user.click(pipeline.getByRole('button', { name: 'Shortlist' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: `Shortlist: ${application.athleteName}` }),
  );
  await user.type(dialog.getByLabelText('Message to the athlete (optional)'), 'See you soon');
  expect(dialog.getByText('12 / 1,000')).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Shortlist' }));
  expect(await screen.findByText(PIPELINE_MESSAGES.moved('shortlisted'))).toBeInTheDocument();
  expect(api.callsTo(STAGE)[0]?.body).toEqual({
    stage: 'shortlisted',
    message: 'See you soon',
    trialAt: null,
    trialPlace: null,
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(
    (await screen.findByRole('region', { name: 'Pipeline' })).querySelectorAll('button')[0]
      ?.textContent,
  ).toBe('Invite to trial');
});

it('invites to a trial only with its date, time and place', async () => {
  const { user, api } = openReceived({
    [DETAIL]: [{ status: 200, body: detail({ status: 'shortlisted' }) }],
    [STAGE]: [{ status: 200, body: detail({ status: 'trial' }) }],
  });
  const pipeline = await openFirst(user);
  await user.click(pipeline.getByRole('button', { name: 'Invite to trial' }));
  const dialog = within(await screen.findByRole('dialog', { name: /^Invite to trial:/ }));
  await user.click(dialog.getByRole('button', { name: 'Invite to trial' }));
  expect(dialog.getByText(PIPELINE_MESSAGES.trialAtRequired)).toBeInTheDocument();
  expect(dialog.getByText(PIPELINE_MESSAGES.trialPlaceRequired)).toBeInTheDocument();
  expect(api.callsTo(STAGE)).toHaveLength(0);

  fireEvent.change(dialog.getByLabelText('Date and time'), {
    target: { value: '2020-05-01T10:00' },
  });
  await user.type(dialog.getByLabelText('Place'), 'Riverside Arena');
  await user.click(dialog.getByRole('button', { name: 'Invite to trial' }));
  expect(dialog.getByText(PIPELINE_MESSAGES.trialAtPast)).toBeInTheDocument();

  fireEvent.change(dialog.getByLabelText('Date and time'), {
    target: { value: '2099-05-01T10:00' },
  });
  await user.click(dialog.getByRole('button', { name: 'Invite to trial' }));
  await waitFor(() => expect(api.callsTo(STAGE)).toHaveLength(1));
  const body = api.callsTo(STAGE)[0]?.body as Record<string, unknown>;
  expect(body).toMatchObject({ stage: 'trial', message: null, trialPlace: 'Riverside Arena' });
  expect(body.trialAt).toMatch(/^2099-05-01T10:00:00[+-]\d\d:\d\d$/);
  expect(Date.parse(String(body.trialAt))).toBe(new Date('2099-05-01T10:00').getTime());
});

it('declines with a template the poster edits, and shows the server’s refusal', async () => {
  const refusal = PIPELINE_MESSAGES.notAllowed('signed', 'declined');
  const { user, api } = openReceived({
    [DETAIL]: [{ status: 200, body: detail() }],
    [STAGE]: [apiError(409, 'conflict', refusal)],
  });
  const pipeline = await openFirst(user);
  await user.click(pipeline.getByRole('button', { name: 'Decline' }));
  const dialog = within(await screen.findByRole('dialog', { name: /^Decline:/ }));
  const message = dialog.getByLabelText('Message to the athlete (optional)');
  expect(
    within(dialog.getByLabelText('Template'))
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent),
  ).toEqual(DECLINE_TEMPLATES.map((t) => t.label));
  await user.selectOptions(dialog.getByLabelText('Template'), 'Position filled');
  const text = DECLINE_TEMPLATES[1].text;
  expect(message).toHaveValue(text);
  expect(message).toHaveAttribute('maxLength', '1000');
  expect(dialog.getByText(`${text.length} / 1,000`)).toBeInTheDocument();
  await user.type(message, ' Good luck!');
  await user.click(dialog.getByRole('button', { name: 'Decline' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
  expect(api.callsTo(STAGE)[0]?.body).toMatchObject({
    stage: 'declined',
    message: `${text} Good luck!`,
  });
});

it('declines the selected applications with one message and tells what was skipped', async () => {
  const DECLINE = '/api/applications/decline';
  const { user, api } = openReceived({
    [DECLINE]: [
      {
        status: 200,
        body: {
          declined: [application.id],
          skipped: [{ id: other.id, reason: 'Ana Lima is already declined.' }],
        },
      },
    ],
  });
  const bulk = await screen.findByRole('button', { name: 'Decline selected (0)' });
  expect(bulk).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: `Select ${application.athleteName}` }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
  await user.click(screen.getByRole('button', { name: 'Decline selected (2)' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Decline 2 applications' }));
  await user.selectOptions(dialog.getByLabelText('Template'), 'Not selected');
  await user.click(dialog.getByRole('button', { name: 'Decline' }));
  expect(await screen.findByText(PIPELINE_MESSAGES.declinedSome(1))).toBeInTheDocument();
  expect(screen.getByText('Not declined: Ana Lima is already declined.')).toBeInTheDocument();
  expect(api.callsTo(DECLINE)[0]?.body).toEqual({
    ids: [application.id, other.id],
    message: DECLINE_TEMPLATES[0].text,
  });
  expect(await screen.findByRole('button', { name: 'Decline selected (0)' })).toBeDisabled();
});

it('adds a private note and deletes it', async () => {
  const DELETE = `/api/application-notes/${NOTE.id}`;
  const { user, api } = openReceived({
    [DETAIL]: [{ status: 200, body: detail() }],
    [NOTES]: [{ status: 201, body: [NOTE] }],
    [DELETE]: [{ status: 204 }],
  });
  await openFirst(user);
  const notes = within(screen.getByRole('region', { name: 'Private notes' }));
  expect(notes.getByText('No notes yet. Only you can see them.')).toBeInTheDocument();
  await user.click(notes.getByRole('button', { name: 'Add note' }));
  expect(notes.getByText(PIPELINE_MESSAGES.noteRequired)).toBeInTheDocument();
  await user.type(notes.getByLabelText('Add a private note'), 'Strong left hand.');
  await user.click(notes.getByRole('button', { name: 'Add note' }));
  expect(await notes.findByText('Strong left hand.', { selector: 'p' })).toBeInTheDocument();
  expect(api.callsTo(NOTES)[0]).toMatchObject({
    method: 'POST',
    body: { body: 'Strong left hand.' },
  });
  expect(notes.getByLabelText('Add a private note')).toHaveValue('');

  await user.click(notes.getByRole('button', { name: 'Delete note' }));
  expect(await notes.findByText('No notes yet. Only you can see them.')).toBeInTheDocument();
  expect(api.callsTo(DELETE)[0]?.method).toBe('DELETE');
});
