import { MESSAGES } from '@arena/shared/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const END = '/api/me/account-type';

function openSettings(
  profile: { userType: 'player' | 'club' | 'agent' | 'coach'; verified?: boolean },
  api: Record<string, FakeReply[]> = {},
) {
  return renderApp('/settings', { signedInAs: { profile }, api });
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Account type' }, { timeout: 10_000 }));

async function choose(user: ReturnType<typeof renderApp>['user'], label: string) {
  const region = await section();
  await user.click(region.getByLabelText('I am a'));
  await user.click(await screen.findByRole('option', { name: label }));
}

it('changes an unverified club to an agent after a confirmation that withdraws its pending request', async () => {
  const { user, api } = openSettings(
    { userType: 'club' },
    {
      '/api/me/verification': [
        { status: 200, body: { verified: false, status: 'pending', canRequest: false } },
      ],
      [END]: [{ status: 200, body: { userType: 'agent', verificationWithdrawn: true } }],
    },
  );
  const region = await section();
  expect(region.getByLabelText('I am a')).toHaveTextContent('Club');
  expect(region.getByRole('button', { name: 'Change account type' })).toBeDisabled();

  await choose(user, 'Agent');
  await user.click(region.getByRole('button', { name: 'Change account type' }));
  const dialog = await screen.findByRole('alertdialog', {
    name: 'Change your account type to Agent?',
  });
  expect(dialog).toHaveTextContent('This withdraws your pending verification request.');

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(api.callsTo(END)).toHaveLength(0);

  await user.click(region.getByRole('button', { name: 'Change account type' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', {
      name: 'Change account type',
    }),
  );
  expect(await screen.findByText(MESSAGES.accountType.changedAndWithdrawn)).toBeInTheDocument();
  expect(api.callsTo(END)[0]).toMatchObject({ method: 'PATCH', body: { userType: 'agent' } });
});

it('tells a verified organisation to ask an admin, with nothing to change', async () => {
  const { api } = openSettings({ userType: 'coach', verified: true });
  const region = await section();
  expect(region.getByText(/Please ask an admin to remove the verification first/)).toBeVisible();
  expect(region.queryByLabelText('I am a')).not.toBeInTheDocument();
  expect(region.queryByRole('button', { name: 'Change account type' })).not.toBeInTheDocument();
  expect(api.callsTo(END)).toHaveLength(0);
});

it("shows the server's refusal in its words", async () => {
  const { user } = openSettings(
    { userType: 'player' },
    { [END]: [apiError(409, 'conflict', MESSAGES.accountType.verifiedCannotChange)] },
  );
  const region = await section();
  await choose(user, 'Coach');
  await user.click(region.getByRole('button', { name: 'Change account type' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Your profile will show the sections of your new type.');
  await user.click(within(dialog).getByRole('button', { name: 'Change account type' }));
  expect(await screen.findByText(MESSAGES.accountType.verifiedCannotChange)).toBeInTheDocument();
});
