import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import type { MyApplication, StageEvent } from '@arena/shared/application.schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render-app.tsx';
import { formatMoment } from './application-timeline.tsx';
import { MY_APPLICATIONS_EMPTY } from './my-applications-page.tsx';

// The whole app renders, and the machine may be busy: give each test room.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const ME = '9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d';
const LIST = '/api/me/applications';
const ok = (body: unknown): FakeReply => ({ status: 200, body });

function event(overrides: Partial<StageEvent> = {}): StageEvent {
  return {
    id: '1e000000-0000-4000-8000-000000000001',
    stage: 'pending',
    by: 'athlete',
    message: null,
    trialAt: null,
    trialPlace: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

function application(overrides: Partial<MyApplication> = {}): MyApplication {
  return {
    id: '7a000000-0000-4000-8000-000000000001',
    createdAt: '2026-03-05T10:00:00.000Z',
    stage: 'pending',
    stageChangedAt: '2026-03-05T10:00:00.000Z',
    offer: {
      id: '0c000000-0000-4000-8000-000000000001',
      title: 'Starting Point Guard',
      organizationName: 'Riverside FC',
      location: 'Lyon, France',
      kind: 'offer',
      contractType: 'Full Season',
      closed: false,
    },
    history: [event()],
    canWithdraw: true,
    ...overrides,
  };
}

const TRIAL_AT = '2026-04-10T16:30:00.000Z';
const invited = application({
  stage: 'trial',
  stageChangedAt: '2026-03-08T09:00:00.000Z',
  history: [
    event(),
    event({
      id: '1e000000-0000-4000-8000-000000000002',
      stage: 'viewed',
      by: 'system',
      createdAt: '2026-03-06T09:00:00.000Z',
    }),
    event({
      id: '1e000000-0000-4000-8000-000000000003',
      stage: 'shortlisted',
      by: 'poster',
      message: 'Great season, we would like to see more.',
      createdAt: '2026-03-07T09:00:00.000Z',
    }),
    event({
      id: '1e000000-0000-4000-8000-000000000004',
      stage: 'trial',
      by: 'poster',
      message: 'Bring your boots.',
      trialAt: TRIAL_AT,
      trialPlace: 'Riverside Stadium, pitch 2',
      createdAt: '2026-03-08T09:00:00.000Z',
    }),
  ],
});
const declinedClosed = application({
  id: '7a000000-0000-4000-8000-000000000002',
  stage: 'declined',
  offer: {
    id: '0c000000-0000-4000-8000-000000000002',
    title: 'U19 Striker',
    organizationName: 'Porto Academy',
    location: 'Porto, Portugal',
    kind: 'offer',
    contractType: 'Short-Term',
    closed: true,
  },
  history: [
    event({ id: '1e000000-0000-4000-8000-000000000005' }),
    event({
      id: '1e000000-0000-4000-8000-000000000006',
      stage: 'declined',
      by: 'poster',
      createdAt: '2026-03-09T09:00:00.000Z',
    }),
  ],
  canWithdraw: false,
});

function openPage(api: Record<string, FakeReply[]>, path = '/applications') {
  return renderApp(path, {
    signedInAs: {},
    api: { '/api/me/unread-messages': [ok({ unread: 0 })], ...api },
  });
}

async function card(title: string) {
  return within(await screen.findByRole('article', { name: title }, { timeout: 10_000 }));
}

it('lists each application with its offer, stage, closed note and timeline', async () => {
  openPage({ [LIST]: [ok({ items: [invited, declinedClosed], nextCursor: null })] });
  const list = within(await screen.findByRole('list', { name: 'My applications' }));
  expect(list.getAllByRole('article')).toHaveLength(2);
  expect(screen.getByRole('heading', { level: 1, name: 'My applications' })).toBeInTheDocument();

  const first = await card('Starting Point Guard');
  expect(first.getByRole('link', { name: 'Starting Point Guard' })).toHaveAttribute(
    'href',
    `/offers/${invited.offer.id}`,
  );
  expect(first.getByText('Riverside FC')).toBeInTheDocument();
  expect(first.getByText('Lyon, France')).toBeInTheDocument();
  expect(first.getByText('Full Season')).toBeInTheDocument();
  expect(first.queryByText(PIPELINE_MESSAGES.offerClosed)).not.toBeInTheDocument();
  const timeline = within(
    first.getByRole('list', { name: 'History of your application to Starting Point Guard' }),
  );
  const entries = timeline.getAllByRole('listitem');
  expect(entries.map((entry) => entry.querySelector('span.font-semibold')?.textContent)).toEqual([
    'Pending',
    'Viewed',
    'Shortlisted',
    'Invited to trial',
  ]);
  expect(entries[2]).toHaveTextContent('Great season, we would like to see more.');
  expect(entries[2]).toHaveTextContent(formatMoment('2026-03-07T09:00:00.000Z'));
  expect(entries[3]).toHaveTextContent(
    `Trial on ${formatMoment(TRIAL_AT)} at Riverside Stadium, pitch 2`,
  );
  expect(entries[3]).toHaveTextContent('Bring your boots.');
  expect(entries[1]?.querySelector('blockquote')).toBeNull();
  // The current stage, as a badge beside the title.
  expect(first.getAllByText('Invited to trial')).toHaveLength(2);
  expect(
    first.getByRole('button', { name: 'Withdraw application to Starting Point Guard' }),
  ).toBeInTheDocument();

  const second = await card('U19 Striker');
  expect(second.getByText(PIPELINE_MESSAGES.offerClosed)).toBeInTheDocument();
  expect(second.getAllByText('Declined')).toHaveLength(2);
  expect(second.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  // `/applications#<id>` finds the card.
  expect(document.getElementById(declinedClosed.id)).toContainElement(
    second.getByText('Porto Academy'),
  );
});

it('withdraws after a confirmation, and the list shows the new stage', async () => {
  const withdrawn = {
    ...invited,
    stage: 'withdrawn' as const,
    canWithdraw: false,
    history: [
      ...invited.history,
      event({
        id: '1e000000-0000-4000-8000-000000000009',
        stage: 'withdrawn',
        createdAt: '2026-03-10T09:00:00.000Z',
      }),
    ],
  };
  const WITHDRAW = `/api/applications/${invited.id}/withdraw`;
  const { api, user } = openPage({
    [LIST]: [ok({ items: [invited], nextCursor: null })],
    [`POST ${WITHDRAW}`]: [ok(withdrawn)],
  });
  const item = await card('Starting Point Guard');
  await user.click(item.getByRole('button', { name: /Withdraw application/ }));
  const dialog = within(
    await screen.findByRole('alertdialog', { name: 'Withdraw this application?' }),
  );
  // Cancel leaves it alone.
  await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  expect(api.callsTo(WITHDRAW)).toHaveLength(0);

  await user.click(item.getByRole('button', { name: /Withdraw application/ }));
  const again = within(
    await screen.findByRole('alertdialog', { name: 'Withdraw this application?' }),
  );
  await user.click(again.getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText(PIPELINE_MESSAGES.withdrawn)).toBeInTheDocument();
  expect(api.callsTo(WITHDRAW)).toHaveLength(1);
  expect(api.callsTo(WITHDRAW)[0]?.method).toBe('POST');
  await waitFor(() => expect(item.queryByRole('button', { name: /Withdraw/ })).toBeNull());
  expect(item.getAllByText('Withdrawn')).toHaveLength(2);
});

it("shows the server's refusal when the application can no longer be withdrawn", async () => {
  const WITHDRAW = `/api/applications/${invited.id}/withdraw`;
  const message = PIPELINE_MESSAGES.notWithdrawable('signed');
  const { user } = openPage({
    [LIST]: [ok({ items: [invited], nextCursor: null })],
    [`POST ${WITHDRAW}`]: [apiError(409, 'conflict', message)],
  });
  const item = await card('Starting Point Guard');
  await user.click(item.getByRole('button', { name: /Withdraw application/ }));
  const dialog = within(await screen.findByRole('alertdialog'));
  await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
});

it('says so when there are no applications yet, with a way to the offers', async () => {
  openPage({ [LIST]: [ok({ items: [], nextCursor: null })] });
  expect(
    await screen.findByText(MY_APPLICATIONS_EMPTY, {}, { timeout: 10_000 }),
  ).toBeInTheDocument();
  const main = within(screen.getByRole('main'));
  expect(main.getByRole('link', { name: 'Find Athlete Offers' })).toHaveAttribute(
    'href',
    '/offers',
  );
  expect(main.queryByRole('list', { name: 'My applications' })).not.toBeInTheDocument();
});

it('offers a retry when the list cannot be loaded', async () => {
  const { api, user } = openPage({
    // A 5xx is tried three times before the page gives up.
    [LIST]: [
      apiError(500, 'internal', 'Something went wrong'),
      apiError(500, 'internal', 'Something went wrong'),
      apiError(500, 'internal', 'Something went wrong'),
      ok({ items: [invited], nextCursor: null }),
    ],
  });
  expect(
    await screen.findByText("Couldn't load your applications", {}, { timeout: 10_000 }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await card('Starting Point Guard')).toBeTruthy();
  expect(api.callsTo(LIST)).toHaveLength(4);
});

it('loads the next page on Load more', async () => {
  const { user } = openPage({
    [LIST]: [ok({ items: [invited], nextCursor: 'page-2' })],
    [`${LIST}?cursor=page-2`]: [ok({ items: [declinedClosed], nextCursor: null })],
  });
  await card('Starting Point Guard');
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await card('U19 Striker');
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

it('moves the stage live when the server says the application changed', async () => {
  const shortlisted = {
    ...application(),
    stage: 'shortlisted' as const,
    history: [
      event(),
      event({
        id: '1e000000-0000-4000-8000-000000000007',
        stage: 'shortlisted',
        by: 'poster',
        message: 'See you soon.',
        createdAt: '2026-03-07T09:00:00.000Z',
      }),
    ],
  };
  const { api } = openPage({
    [LIST]: [
      ok({ items: [application()], nextCursor: null }),
      ok({ items: [shortlisted], nextCursor: null }),
    ],
  });
  const item = await card('Starting Point Guard');
  expect(item.getAllByText('Pending')).toHaveLength(2);

  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.open());
  act(() => socket.receive({ type: 'ready', profileId: ME, unreadMessages: 0 }));
  await waitFor(() =>
    expect(socket.sentOf('subscribe').map((message) => message.topic)).toContain(`inbox:${ME}`),
  );
  act(() =>
    socket.receive({
      type: 'application.changed',
      topic: `inbox:${ME}`,
      applicationId: shortlisted.id,
      offerId: shortlisted.offer.id,
      stage: 'shortlisted',
    }),
  );
  expect(await item.findByText('See you soon.')).toBeInTheDocument();
  expect(item.getAllByText('Shortlisted')).toHaveLength(2);
  expect(api.callsTo(LIST)).toHaveLength(2);
});

it('gives a player My applications in the navigation', async () => {
  openPage({ [LIST]: [ok({ items: [], nextCursor: null })] });
  await screen.findByText(MY_APPLICATIONS_EMPTY, {}, { timeout: 10_000 });
  const [nav] = screen.getAllByRole('navigation', { name: 'Main' });
  if (!nav) throw new Error('no main navigation');
  expect(within(nav).getByRole('link', { name: 'My applications' })).toHaveAttribute(
    'href',
    '/applications',
  );
});

it('does not give a club My applications', async () => {
  renderApp('/offers', {
    signedInAs: { profile: { userType: 'club', verified: true } },
    api: {
      '/api/me/unread-messages': [ok({ unread: 0 })],
      '/api/offers': [ok({ items: [], nextCursor: null })],
    },
  });
  const [nav] = await screen.findAllByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
  if (!nav) throw new Error('no main navigation');
  expect(within(nav).getByRole('link', { name: 'Applications Received' })).toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: 'My applications' })).not.toBeInTheDocument();
});
