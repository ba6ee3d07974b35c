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

it("keeps the Apply dialog open on the server's refusal when the offer closed meanwhile", async () => {
  const APPLY = `/api/offers/${open.id}/applications`;
  const { user, api } = renderApp('/offers', {
    ...signedIn,
    api: {
      ...signedIn.api,
      // The refusal refreshes the grid: by then the offer is closed.
      '/api/offers': [
        ok({ items: [open], nextCursor: null }),
        ok({ items: [{ ...open, closedReason: 'closed' }], nextCursor: null }),
      ],
      '/api/profiles/jordan_23/cv': [{ status: 404 }],
      [APPLY]: [
        {
          status: 409,
          body: { error: { code: 'conflict', message: PIPELINE_MESSAGES.offerClosed } },
        },
      ],
    },
  });
  await user.click(
    await screen.findByRole('button', { name: `Apply to ${open.title}` }, { timeout: 10_000 }),
  );
  const dialog = within(await screen.findByRole('dialog', { name: `Apply to ${open.title}` }));
  const fill = async (label: string, text: string) => {
    await user.click(await dialog.findByLabelText(label));
    await user.paste(text);
  };
  await fill('Position or role', 'Point Guard');
  await fill('Years of experience', '6');
  await fill('Availability', 'From July');
  await fill('Why are you interested?', 'I want to run a pro offence.');
  await user.click(dialog.getByRole('radio', { name: 'Yes' }));
  await user.click(dialog.getByRole('combobox', { name: 'Desired contract duration' }));
  await user.click(await screen.findByRole('option', { name: 'Multi-Year' }));
  await user.click(dialog.getByRole('checkbox', { name: /Privacy Policy/ }));
  await user.click(dialog.getByRole('checkbox', { name: /share my application/ }));
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }));

  expect(await dialog.findByRole('alert')).toHaveTextContent(PIPELINE_MESSAGES.offerClosed);
  // The grid behind has the closed copy now, and the dialog is still there to say why.
  await waitFor(() => expect(screen.getByText('Closed')).toBeInTheDocument());
  expect(api.callsTo('/api/offers')).toHaveLength(2);
  const stillOpen = screen.getByRole('dialog', { name: `Apply to ${open.title}` });
  expect(within(stillOpen).getByRole('alert')).toHaveTextContent(PIPELINE_MESSAGES.offerClosed);

  await user.keyboard('{Escape}');
  const card = within(screen.getByRole('article', { name: open.title }));
  await waitFor(() => expect(card.queryByRole('button', { name: /Apply/ })).toBeNull());
  expect(card.getByText('Closed')).toBeInTheDocument();
});
