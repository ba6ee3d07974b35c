import { MESSAGES } from '@arena/shared/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeVerificationRequest } from '../../test/offer-data.ts';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = '/api/admin/verification-requests';
const PENDING = `${LIST}?status=pending`;
const APPROVED = `${LIST}?status=approved`;
const REJECTED = `${LIST}?status=rejected`;
const pending = makeVerificationRequest({
  fullName: 'Pending Club',
  phone: '+33 6 12 34 56 78',
  website: 'https://pending.example',
  additionalInfo: 'Founded 1921.',
});
const approved = makeVerificationRequest({
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  fullName: 'Approved Agent',
  organizationType: 'agent',
  status: 'approved',
});
const rejected = makeVerificationRequest({
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  fullName: 'Rejected Coach',
  organizationType: 'coach',
  status: 'rejected',
});
const COUNTS = { pending: 1, approved: 1, rejected: 1 };
const page = (items: unknown[], counts = COUNTS): FakeReply => ({
  status: 200,
  body: { items, nextCursor: null, counts },
});

function openVerify(api: Record<string, FakeReply[]>) {
  return renderApp('/verify', { signedInAs: { roles: ['admin'] }, api });
}

const card = (name: string) => within(screen.getByRole('article', { name }));

it('shows pending requests first, with a tab and a count for each status', async () => {
  const { user, api } = openVerify({
    [PENDING]: [page([pending], { pending: 1, approved: 4, rejected: 2 })],
    [APPROVED]: [page([approved], { pending: 1, approved: 4, rejected: 2 })],
    [REJECTED]: [page([rejected], { pending: 1, approved: 4, rejected: 2 })],
  });
  await screen.findByRole('article', { name: 'Pending Club' });
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Pending1', 'Approved4', 'Rejected2']);
  expect(screen.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
  expect(api.callsTo(APPROVED)).toHaveLength(0);

  const first = card('Pending Club');
  expect(first.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Approve',
    'Reject',
  ]);
  // The username opens the member's profile.
  expect(first.getByRole('link', { name: `@${pending.profile.username}` })).toHaveAttribute(
    'href',
    `/profile/${pending.profile.username}`,
  );
  expect(first.getByText('+33 6 12 34 56 78')).toBeInTheDocument();
  expect(first.getByRole('link', { name: 'https://pending.example' })).toHaveAttribute(
    'target',
    '_blank',
  );
  expect(first.getByText('Founded 1921.')).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: /Approved/ }));
  await screen.findByRole('article', { name: 'Approved Agent' });
  expect(
    card('Approved Agent')
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Disapprove']);
  expect(card('Approved Agent').queryByText('Phone')).not.toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'Pending Club' })).not.toBeInTheDocument();

  // Keyboard: the arrow keys move between the tabs.
  screen.getByRole('tab', { name: /Approved/ }).focus();
  await user.keyboard('{ArrowRight}');
  await screen.findByRole('article', { name: 'Rejected Coach' });
  expect(card('Rejected Coach').queryAllByRole('button')).toHaveLength(0);
});

it.each([
  ['Approve', 'Pending Club', pending.id, 'approve', MESSAGES.verification.approved],
  ['Reject', 'Pending Club', pending.id, 'reject', MESSAGES.verification.rejected],
])(
  '%s: posts the decision, says so and reloads the list',
  async (button, name, id, decision, done) => {
    const path = `${LIST}/${id}/${decision}`;
    const { user, api } = openVerify({
      [PENDING]: [page([pending]), page([], { pending: 0, approved: 1, rejected: 1 })],
      [path]: [{ status: 204 }],
    });
    await screen.findByRole('article', { name });
    await user.click(card(name).getByRole('button', { name: `${button} ${name}` }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.callsTo(path)[0]?.method).toBe('POST');
    expect(await screen.findByText(MESSAGES.verification.empty)).toBeInTheDocument();
  },
);

it('Disapprove asks first; Cancel keeps the verification, confirming removes it', async () => {
  const path = `${LIST}/${approved.id}/disapprove`;
  const { user, api } = openVerify({
    [PENDING]: [page([])],
    [APPROVED]: [page([approved]), page([], { pending: 0, approved: 0, rejected: 2 })],
    [path]: [{ status: 204 }],
  });
  await user.click(await screen.findByRole('tab', { name: /Approved/ }));
  await screen.findByRole('article', { name: 'Approved Agent' });

  await user.click(
    card('Approved Agent').getByRole('button', { name: 'Disapprove Approved Agent' }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Remove this verification?' });
  expect(dialog).toHaveTextContent('Approved Agent will no longer be verified');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(api.callsTo(path)).toHaveLength(0);

  await user.click(
    card('Approved Agent').getByRole('button', { name: 'Disapprove Approved Agent' }),
  );
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disapprove' }),
  );
  expect(await screen.findByText(MESSAGES.verification.removed)).toBeInTheDocument();
  expect(api.callsTo(path)[0]?.method).toBe('POST');
});

it.each([
  ['Approve', pending.id, 'approve', MESSAGES.verification.approveFailed],
  ['Reject', pending.id, 'reject', MESSAGES.verification.rejectFailed],
])('%s failing: says so', async (button, id, decision, failed) => {
  const { user } = openVerify({
    [PENDING]: [page([pending])],
    [`${LIST}/${id}/${decision}`]: [apiError(409, 'conflict', MESSAGES.verification.notPending)],
  });
  await screen.findByRole('article', { name: 'Pending Club' });
  await user.click(card('Pending Club').getByRole('button', { name: `${button} Pending Club` }));
  expect(await screen.findByText(failed)).toBeInTheDocument();
});

it('says when there are no requests, and when they cannot be loaded', async () => {
  openVerify({ [PENDING]: [page([])] });
  expect(await screen.findByText(MESSAGES.verification.empty)).toBeInTheDocument();
  cleanup();
  vi.unstubAllGlobals();

  openVerify({ [PENDING]: [apiError(403, 'forbidden', MESSAGES.adminOnly)] });
  expect(await screen.findByText(MESSAGES.verification.loadFailed)).toBeInTheDocument();
});

it('says how a decision went even when its card has left the screen meanwhile', async () => {
  const success = vi.spyOn(toast, 'success');
  const path = `${LIST}/${pending.id}/approve`;
  const { user } = openVerify({
    [PENDING]: [page([pending]), page([], { pending: 0, approved: 2, rejected: 1 })],
    [APPROVED]: [page([approved])],
    [path]: [{ status: 204, delayMs: 1_500 }],
  });
  await screen.findByRole('article', { name: 'Pending Club' });
  await user.click(card('Pending Club').getByRole('button', { name: 'Approve Pending Club' }));
  // The admin moves on to another tab before the answer: the card that asked is gone.
  await user.click(screen.getByRole('tab', { name: /Approved/ }));
  await screen.findByRole('article', { name: 'Approved Agent' });
  expect(screen.queryByRole('article', { name: 'Pending Club' })).not.toBeInTheDocument();
  expect(success).not.toHaveBeenCalled();
  await waitFor(() => expect(success).toHaveBeenCalledWith(MESSAGES.verification.approved), {
    timeout: 5_000,
  });
});
