import type { Factor } from '@arena/shared/factor.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError, makeSession } from '../../test/fake-api.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole journeys through the real app in jsdom: several screens and many keystrokes each.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const FACTORS = '/api/auth/factors';
const FACTOR: Factor = {
  id: '0b7c4c1e-1f7a-4a53-9c55-2a6f3f3b6a01',
  friendlyName: 'Authenticator app',
  factorType: 'totp',
  status: 'unverified',
  phoneHint: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: null,
};
const CHALLENGE_ID = '5e0f5d5c-9d3c-4e0c-8f37-6a1c1b2d3e4f';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

const list = (factors: Factor[], recoveryCodesRemaining = 0): FakeReply => ({
  status: 200,
  body: { factors, recoveryCodesRemaining },
});

// The page's one request (/api/me/settings) is not answered here: each section then asks for its
// own list, as after a failure (settings-page.test.tsx covers the one request).
function openSettings(api: Record<string, FakeReply[]>) {
  return renderApp('/settings', { signedInAs: {}, api });
}

async function section() {
  return within(await screen.findByRole('region', { name: 'Two-factor authentication' }));
}

describe('Two-factor authentication in /settings', () => {
  it('enrols an authenticator app: name, QR code and key, a code, then the recovery codes once', async () => {
    const verifiedFactor = { ...FACTOR, status: 'verified' as const };
    const { user, api, manager } = openSettings({
      [`GET ${FACTORS}`]: [list([]), list([verifiedFactor], 10)],
      [`POST ${FACTORS}`]: [
        {
          status: 201,
          body: {
            factor: FACTOR,
            totp: {
              qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
              secret: SECRET,
              uri: `otpauth://totp/Arena:jordan%40arena.test?issuer=Arena&secret=${SECRET}`,
            },
          },
        },
      ],
      [`${FACTORS}/${FACTOR.id}/challenge`]: [
        {
          status: 201,
          body: {
            id: CHALLENGE_ID,
            factorId: FACTOR.id,
            factorType: 'totp',
            expiresAt: '2025-03-05T11:00:00.000Z',
          },
        },
      ],
      [`${FACTORS}/${FACTOR.id}/verify`]: [
        {
          status: 200,
          body: {
            session: { ...makeSession('aal2-token'), aal: 'aal2' },
            factor: verifiedFactor,
            recoveryCodes: CODES,
          },
        },
      ],
    });
    const region = await section();
    expect(
      await region.findByText('Two-factor authentication is off. Add a method to turn it on.'),
    ).toBeInTheDocument();

    await user.click(region.getByRole('button', { name: 'Add authenticator app' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an authenticator app' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('Authenticator app');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Pixel');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(
      await dialog.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(dialog.getByLabelText('Secret key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(api.calls.find((c) => c.method === 'POST' && c.path === FACTORS)?.body).toEqual({
      factorType: 'totp',
      friendlyName: 'Pixel',
    });

    await user.type(dialog.getByLabelText('Code from your app'), '123456');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));

    // The toast (and, once the list reloads, the section's status) says so.
    expect((await screen.findAllByText('Two-factor authentication is on.')).length).toBeGreaterThan(
      0,
    );
    const codes = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }));
    expect(codes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(api.callsTo(`${FACTORS}/${FACTOR.id}/verify`)[0]?.body).toEqual({
      challengeId: CHALLENGE_ID,
      code: '123456',
    });
    // The session now in use is the aal2 one the server answered with.
    expect(manager.getAccessToken()).toBe('aal2-token');

    await user.click(codes.getByRole('button', { name: 'I’ve saved them' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).toBeNull(),
    );
    expect(await region.findByText('10 unused codes left.')).toBeInTheDocument();
  });

  it('keeps the dialog open on a wrong code, and removes the half-made factor when closed', async () => {
    const message = 'That code is not valid. Please check it and try again.';
    const { user, api } = openSettings({
      [`GET ${FACTORS}`]: [list([])],
      [`POST ${FACTORS}`]: [
        {
          status: 201,
          body: {
            factor: FACTOR,
            totp: {
              qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
              secret: SECRET,
              uri: 'otpauth://totp/x',
            },
          },
        },
      ],
      [`${FACTORS}/${FACTOR.id}/challenge`]: [
        {
          status: 201,
          body: {
            id: CHALLENGE_ID,
            factorId: FACTOR.id,
            factorType: 'totp',
            expiresAt: '2025-03-05T11:00:00.000Z',
          },
        },
      ],
      [`${FACTORS}/${FACTOR.id}/verify`]: [apiError(400, 'bad_request', message)],
      [`DELETE ${FACTORS}/${FACTOR.id}`]: [{ status: 204 }],
    });
    const region = await section();
    await user.click(await region.findByRole('button', { name: 'Add authenticator app' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an authenticator app' }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.type(await dialog.findByLabelText('Code from your app'), '000000');
    await user.click(dialog.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add an authenticator app' })).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === 'DELETE' && c.path === `${FACTORS}/${FACTOR.id}`),
      ).toHaveLength(1),
    );
  });

  it('removes a factor after a confirmation that says what it means', async () => {
    const verifiedFactor = { ...FACTOR, status: 'verified' as const, friendlyName: 'Pixel' };
    const { user, api } = openSettings({
      [`GET ${FACTORS}`]: [list([verifiedFactor], 8), list([])],
      [`DELETE ${FACTORS}/${FACTOR.id}`]: [{ status: 204 }],
    });
    const region = await section();
    expect(await region.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(region.getByText('8 unused codes left.')).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: 'Remove Pixel' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Remove Pixel?' }));
    expect(confirm.getByText(/your password alone will sign you in again/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Two-factor method removed')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(
      await region.findByText('Two-factor authentication is off. Add a method to turn it on.'),
    ).toBeInTheDocument();
  });

  it('says so when the methods cannot be loaded, and tries again', async () => {
    const { user } = openSettings({
      [`GET ${FACTORS}`]: [apiError(400, 'bad_request', 'nope'), list([])],
    });
    const region = await section();
    expect(await region.findByText('Failed to load your two-factor methods')).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: 'Try again' }));
    expect(
      await region.findByText('Two-factor authentication is off. Add a method to turn it on.'),
    ).toBeInTheDocument();
  });
});
