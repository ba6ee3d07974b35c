import { MESSAGES } from '@arena/shared/messages';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeVerificationRequest } from '../../test/offer-data.ts';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/api/admin/verification-requests';
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
const page = (items: unknown[]): FakeReply => ({ status: 200, body: { items, nextCursor: null } });

function openVerify(api: Record<string, FakeReply[]>) {
  return renderApp('/verify', { signedInAs: { roles: ['admin'] }, api });
}

const card = (name: string) => within(screen.getByRole('article', { name }));

it('offers Approve and Reject on pending, Disapprove on approved, nothing on rejected', async () => {
  openVerify({ [LIST]: [page([pending, approved, rejected])] });
  await screen.findByRole('article', { name: 'Pending Club' });

  const first = card('Pending Club');
  expect(first.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Approve',
    'Reject',
  ]);
  expect(first.getByText('Pending')).toBeInTheDocument();
  expect(first.getByText('+33 6 12 34 56 78')).toBeInTheDocument();
  expect(first.getByRole('link', { name: 'https://pending.example' })).toHaveAttribute(
    'target',
    '_blank',
  );
  expect(first.getByText('Founded 1921.')).toBeInTheDocument();

  expect(
    card('Approved Agent')
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Disapprove']);
  expect(card('Approved Agent').queryByText('Phone')).not.toBeInTheDocument();
  expect(card('Rejected Coach').queryAllByRole('button')).toHaveLength(0);
});

it.each([
  ['Approve', 'Pending Club', pending.id, 'approve', MESSAGES.verification.approved],
  ['Reject', 'Pending Club', pending.id, 'reject', MESSAGES.verification.rejected],
  ['Disapprove', 'Approved Agent', approved.id, 'disapprove', MESSAGES.verification.removed],
])(
  '%s: posts the decision, says so and reloads the list',
  async (button, name, id, decision, done) => {
    const path = `${LIST}/${id}/${decision}`;
    const { user, api } = openVerify({
      [LIST]: [page([pending, approved]), page([])],
      [path]: [{ status: 204 }],
    });
    await screen.findByRole('article', { name });
    await user.click(card(name).getByRole('button', { name: `${button} ${name}` }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.callsTo(path)[0]?.method).toBe('POST');
    expect(await screen.findByText(MESSAGES.verification.empty)).toBeInTheDocument();
  },
);

it.each([
  ['Approve', 'Pending Club', pending.id, 'approve', MESSAGES.verification.approveFailed],
  ['Reject', 'Pending Club', pending.id, 'reject', MESSAGES.verification.rejectFailed],
  ['Disapprove', 'Approved Agent', approved.id, 'disapprove', MESSAGES.verification.removeFailed],
])('%s failing: says so', async (button, name, id, decision, failed) => {
  const { user } = openVerify({
    [LIST]: [page([pending, approved])],
    [`${LIST}/${id}/${decision}`]: [apiError(409, 'conflict', MESSAGES.verification.notPending)],
  });
  await screen.findByRole('article', { name });
  await user.click(card(name).getByRole('button', { name: `${button} ${name}` }));
  expect(await screen.findByText(failed)).toBeInTheDocument();
});

it('says when there are no requests, and when they cannot be loaded', async () => {
  openVerify({ [LIST]: [page([])] });
  expect(await screen.findByText(MESSAGES.verification.empty)).toBeInTheDocument();
  cleanup();
  vi.unstubAllGlobals();

  openVerify({ [LIST]: [apiError(403, 'forbidden', MESSAGES.adminOnly)] });
  expect(await screen.findByText(MESSAGES.verification.loadFailed)).toBeInTheDocument();
});
