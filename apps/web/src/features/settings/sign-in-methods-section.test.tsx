import type { MyIdentities } from '@arena/shared/identity.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { leaveApp } from '../auth/leave-app.ts';
import { apiError } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('../auth/leave-app.ts', () => ({ leaveApp: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveApp).mockClear();
});

const acmeIdentity = {
  id: '0b6f3f5e-6a51-4f4e-9b1a-4a1f2f6f7a10',
  provider: 'acme',
  providerLabel: 'Acme ID',
  email: 'jordan@acme.test',
  createdAt: '2026-03-14T10:00:00.000Z',
};
const globexIdentity = {
  id: '1c7a4e6f-7b62-4a5f-8c2b-5b2a3a7a8b21',
  provider: 'globex',
  providerLabel: 'Globex',
  email: null,
  createdAt: '2026-03-15T10:00:00.000Z',
};

// The page's one request (/api/me/settings) is not answered here: each section then asks for its
// own list, as after a failure (settings-page.test.tsx covers the one request).
function openSettings(
  mine: FakeReply[],
  extra: Record<string, FakeReply[]> = {},
  path = '/settings',
) {
  return renderApp(path, {
    signedInAs: {},
    api: {
      '/api/auth/oidc/providers': [
        {
          status: 200,
          body: {
            providers: [
              { name: 'acme', label: 'Acme ID' },
              { name: 'globex', label: 'Globex' },
            ],
          },
        },
      ],
      '/api/me/identities': mine,
      ...extra,
    },
  });
}

const section = () => screen.findByRole('region', { name: 'Sign-in methods' });
const body = (value: MyIdentities): FakeReply => ({ status: 200, body: value });

describe('Sign-in methods', () => {
  it('lists linked providers with their email and date, and offers the others', async () => {
    openSettings([body({ hasPassword: true, identities: [acmeIdentity] })]);
    const region = await section();
    const item = await within(region).findByRole('listitem');
    expect(item).toHaveTextContent('Acme ID');
    expect(item).toHaveTextContent('jordan@acme.test');
    expect(item).toHaveTextContent('Linked Mar 14, 2026');
    expect(within(region).getByRole('button', { name: 'Link Globex' })).toBeEnabled();
    expect(within(region).queryByRole('button', { name: 'Link Acme ID' })).not.toBeInTheDocument();
  });

  it('unlinks after confirmation', async () => {
    const { user, api } = openSettings(
      [
        body({ hasPassword: true, identities: [acmeIdentity] }),
        body({ hasPassword: true, identities: [] }),
      ],
      { [`/api/me/identities/${acmeIdentity.id}`]: [{ status: 204 }] },
    );
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Unlink Acme ID' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Acme ID?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with Acme ID');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Acme ID was unlinked from your account.')).toBeInTheDocument();
    expect(api.callsTo(`/api/me/identities/${acmeIdentity.id}`)[0]?.method).toBe('DELETE');
    await waitFor(() => expect(within(region).queryByRole('listitem')).not.toBeInTheDocument());
    expect(within(region).getByText('No providers linked yet.')).toBeInTheDocument();
  });

  it('cancelling the confirmation unlinks nothing', async () => {
    const { user, api } = openSettings([body({ hasPassword: true, identities: [acmeIdentity] })]);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Unlink Acme ID' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`/api/me/identities/${acmeIdentity.id}`)).toEqual([]);
  });

  it('explains that the only way to sign in cannot be unlinked', async () => {
    openSettings([body({ hasPassword: false, identities: [acmeIdentity] })]);
    const region = await section();
    expect(await within(region).findByRole('button', { name: 'Unlink Acme ID' })).toBeDisabled();
    expect(
      within(region).getByText(
        'This is your only way to sign in, so it cannot be unlinked. Add a password or link another provider first.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal when an unlink is refused', async () => {
    const message =
      'This is your only way to sign in, so it cannot be unlinked. Add a password or link another provider first.';
    const { user } = openSettings(
      [body({ hasPassword: false, identities: [acmeIdentity, globexIdentity] })],
      { [`/api/me/identities/${globexIdentity.id}`]: [apiError(409, 'conflict', message)] },
    );
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Unlink Globex' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('starts linking with the member’s token and leaves for the provider', async () => {
    const url = 'https://id.globex.test/authorize?client_id=arena';
    const { user, api } = openSettings([body({ hasPassword: true, identities: [] })], {
      '/api/auth/oidc/globex/link': [{ status: 200, body: { authorizationUrl: url } }],
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Link Globex' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(url));
    const call = api.callsTo('/api/auth/oidc/globex/link')[0];
    expect(call?.method).toBe('POST');
    expect(within(region).getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  });

  it('says so when a provider was linked or could not be', async () => {
    const { router } = openSettings(
      [body({ hasPassword: true, identities: [acmeIdentity] })],
      {},
      '/settings?linked=acme',
    );
    expect(await screen.findByText('Acme ID is now linked to your account.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when the provider account is linked to someone else', async () => {
    openSettings(
      [body({ hasPassword: true, identities: [] })],
      {},
      '/settings?oidcError=linkedElsewhere&provider=globex',
    );
    expect(
      await screen.findByText('This Globex account is already linked to another Arena account.'),
    ).toBeInTheDocument();
  });

  // A server error is retried twice (query-client.ts) before the page gives up.
  it('offers to try again when the list cannot be loaded', async () => {
    const { user } = openSettings([
      apiError(500, 'internal', 'Something went wrong on our side. Please try again.'),
      apiError(500, 'internal', 'Something went wrong on our side. Please try again.'),
      apiError(500, 'internal', 'Something went wrong on our side. Please try again.'),
      body({ hasPassword: true, identities: [acmeIdentity] }),
    ]);
    const region = await section();
    expect(
      await within(region).findByText(
        'Failed to load your sign-in methods',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('listitem')).toHaveTextContent('Acme ID');
  }, 20_000);
});
