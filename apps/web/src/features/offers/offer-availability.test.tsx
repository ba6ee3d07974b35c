import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, expect, it, vi } from 'vitest';

import type { FakeReply } from '../../test/fake-api.ts';
import { makeOffer } from '../../test/offer-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole pages, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = (body: unknown): FakeReply => ({ status: 200, body });
const DEADLINE = '2026-12-15T17:00:00.000Z';
const open = makeOffer({ deadline: DEADLINE, places: 3, signedCount: 1 });
const closed = makeOffer({
  id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e50',
  title: 'Backup Goalkeeper',
  closedReason: 'closed',
});
const pastDeadline = makeOffer({
  id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e51',
  title: 'Left Back',
  deadline: '2025-01-01T12:00:00.000Z',
  closedReason: 'deadline',
});
const full = makeOffer({
  id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e52',
  title: 'Centre Forward',
  places: 1,
  signedCount: 1,
  closedReason: 'full',
});
const signedIn: { signedInAs: object; api: Record<string, FakeReply[]> } = {
  signedInAs: {},
  api: { '/api/me/unread-messages': [ok({ unread: 0 })] },
};

it('shows closed offers on "Show closed", each with why and no Apply', async () => {
  const { api, user, router } = renderApp('/offers', {
    ...signedIn,
    api: {
      ...signedIn.api,
      '/api/offers': [ok({ items: [open], nextCursor: null })],
      '/api/offers?closed=true': [
        ok({ items: [open, closed, pastDeadline, full], nextCursor: null }),
      ],
    },
  });
  const first = within(
    await screen.findByRole('article', { name: open.title }, { timeout: 10_000 }),
  );
  expect(first.getByText(/^Apply by/)).toHaveTextContent(
    `Apply by ${format(new Date(DEADLINE), 'PPp')}`,
  );
  expect(first.getByText('3 places, 1 signed')).toBeInTheDocument();
  expect(first.getByRole('button', { name: `Apply to ${open.title}` })).toBeInTheDocument();
  expect(api.callsTo('/api/offers?closed=true')).toHaveLength(0);

  const toggle = screen.getByRole('checkbox', { name: 'Show closed' });
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  expect(toggle).toBeChecked();
  await waitFor(() => expect(router.state.location.search).toBe('?closed=true'));
  for (const [offer, why] of [
    [closed, 'Closed'],
    [pastDeadline, 'Deadline passed'],
    [full, 'Full'],
  ] as const) {
    const card = within(await screen.findByRole('article', { name: offer.title }));
    expect(card.getByText(why)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
  }
  expect(api.callsTo('/api/offers?closed=true')).toHaveLength(1);
  // The open one still takes applications.
  expect(
    within(screen.getByRole('article', { name: open.title })).getByRole('button', {
      name: `Apply to ${open.title}`,
    }),
  ).toBeInTheDocument();
});

it('keeps the sport when "Show closed" is turned on', async () => {
  const { user, router } = renderApp('/offers?sport=basketball', {
    api: {
      '/api/offers?sport=basketball': [ok({ items: [open], nextCursor: null })],
      '/api/offers?sport=basketball&closed=true': [ok({ items: [open, full], nextCursor: null })],
    },
  });
  await screen.findByRole('article', { name: open.title }, { timeout: 10_000 });
  await user.click(screen.getByRole('checkbox', { name: 'Show closed' }));
  expect(await screen.findByRole('article', { name: full.title })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?sport=basketball&closed=true');
});

it.each([
  [closed, PIPELINE_MESSAGES.offerClosed],
  [pastDeadline, PIPELINE_MESSAGES.offerPastDeadline],
  [full, PIPELINE_MESSAGES.offerFull],
])('says on the page of a closed offer why, and offers no Apply (%#)', async (offer, why) => {
  renderApp(`/offers/${offer.id}`, {
    ...signedIn,
    api: { ...signedIn.api, [`/api/offers/${offer.id}`]: [ok(offer)] },
  });
  const page = within(
    await screen.findByRole('article', { name: offer.title }, { timeout: 10_000 }),
  );
  expect(page.getByText(why)).toBeInTheDocument();
  expect(page.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
});

it('shows the deadline and the places on the offer page', async () => {
  renderApp(`/offers/${open.id}`, {
    api: { [`/api/offers/${open.id}`]: [ok(open)] },
  });
  const page = within(
    await screen.findByRole('article', { name: open.title }, { timeout: 10_000 }),
  );
  expect(page.getByText('Deadline', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
    `Apply by ${format(new Date(DEADLINE), 'PPp')}`,
  );
  expect(page.getByText('Places', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
    '3 places, 1 signed',
  );
  expect(page.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
});
