import type { SessionProfile } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { REMEMBER_FLAG } from '../../lib/session/session-flags.ts';
import { SessionManager } from '../../lib/session/session-manager.ts';
import { AppProviders } from '../../app-providers.tsx';
import { createQueryClient } from '../../query-client.ts';
import { apiError, fakeApi, makeSession, memoryStorage } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { GetVerifiedButton } from './get-verified-button.tsx';

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

const MINE = '/api/me/verification';
const state = (
  status: 'pending' | 'approved' | 'rejected' | null,
  verified = false,
): FakeReply => ({
  status: 200,
  body: { verified, status, canRequest: !verified && status !== 'pending' },
});

/** The button alone, as the signed-in member `profile` sees it on their own profile. */
function renderButton(profile: Partial<SessionProfile>, routes: Record<string, FakeReply[]> = {}) {
  const session = makeSession('token-1');
  session.profile = { ...session.profile, ...profile };
  const { accessToken: _, expiresAt: __, ...sessionUser } = session;
  const api = fakeApi({
    '/api/auth/refresh': [{ status: 200, body: session }],
    '/api/auth/session': [{ status: 200, body: sessionUser }],
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  const manager = new SessionManager({
    fetch: api.fetch,
    storage: { local: memoryStorage({ [REMEMBER_FLAG]: '1' }), session: memoryStorage() },
    sleep: () => Promise.resolve(),
  });
  void manager.start();
  const router = createMemoryRouter([{ path: '/', element: <GetVerifiedButton /> }]);
  render(
    <AppProviders queryClient={createQueryClient()} sessionManager={manager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, user: userEvent.setup() };
}

it.each([
  ['a player', { userType: 'player' as const }],
  ['a verified club', { userType: 'club' as const, verified: true }],
])('is not there for %s', async (_, profile) => {
  const { api } = renderButton(profile, { [MINE]: [state(null)] });
  await waitFor(() => expect(api.callsTo('/api/auth/refresh')).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(api.callsTo(MINE)).toHaveLength(0);
});

it('reads Verification Pending, disabled, while a request awaits review', async () => {
  renderButton({ userType: 'agent' }, { [MINE]: [state('pending')] });
  expect(await screen.findByRole('button', { name: 'Verification Pending' })).toBeDisabled();
});

it('opens the request form prefilled, sends it and turns to Verification Pending', async () => {
  const { api, user } = renderButton(
    { userType: 'club', fullName: 'Riverside FC' },
    { [MINE]: [state('rejected'), { ...state('pending'), status: 201 }] },
  );
  await user.click(await screen.findByRole('button', { name: 'Get Verified' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Request Verification' }));
  expect(dialog.getByLabelText('Full Name')).toHaveValue('Riverside FC');
  expect(dialog.getByLabelText('Organization Name')).toHaveValue('Riverside FC');
  expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Club');
  expect(dialog.getByLabelText('Email')).toHaveValue('jordan@arena.test');

  await fill(user, dialog.getByLabelText('Website'), 'riverside');
  await user.click(dialog.getByRole('button', { name: 'Submit Request' }));
  expect(await dialog.findByText(MESSAGES.verification.websiteInvalid)).toBeInTheDocument();
  await user.clear(dialog.getByLabelText('Website'));
  await fill(user, dialog.getByLabelText('Website'), 'https://riverside.example');
  await fill(user, dialog.getByLabelText('Phone'), '+33 6 12 34 56 78');
  await user.click(dialog.getByRole('button', { name: 'Submit Request' }));

  expect(await screen.findByText(MESSAGES.verification.submitted)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Verification Pending' })).toBeDisabled();
  const sent = api.callsTo(MINE).find((call) => call.method === 'POST');
  expect(sent?.body).toEqual({
    fullName: 'Riverside FC',
    organizationName: 'Riverside FC',
    organizationType: 'club',
    email: 'jordan@arena.test',
    phone: '+33 6 12 34 56 78',
    website: 'https://riverside.example',
    officialContact: null,
    additionalInfo: null,
  });
});

it("shows the server's reason when the request is refused", async () => {
  const { user } = renderButton(
    { userType: 'coach' },
    { [MINE]: [state(null), apiError(409, 'conflict', MESSAGES.verification.pending)] },
  );
  await user.click(await screen.findByRole('button', { name: 'Get Verified' }));
  const dialog = within(await screen.findByRole('dialog'));
  await fill(user, dialog.getByLabelText('Organization Name'), 'North Coaching');
  await user.click(dialog.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText(MESSAGES.verification.pending)).toBeInTheDocument();
});

it('asks for the organization name when it is missing', async () => {
  const { user, api } = renderButton({ userType: 'agent' }, { [MINE]: [state(null)] });
  await user.click(await screen.findByRole('button', { name: 'Get Verified' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Submit Request' }));
  expect(await dialog.findByText(MESSAGES.verification.organizationRequired)).toBeInTheDocument();
  expect(api.callsTo(MINE).filter((call) => call.method === 'POST')).toHaveLength(0);
});
