import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

// The Settings page renders every section; on a busy machine that takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = MESSAGES.privacy;
const DELETE = '/api/me/account-deletion';
const EXPORT = '/api/me/data-export';

function openSettings(hasPassword: boolean, api = {}) {
  return renderApp('/settings', {
    signedInAs: {},
    api: {
      '/api/me/identities': [{ status: 200, body: { identities: [], hasPassword } }],
      ...api,
    },
  });
}

async function openDeleteDialog(app: ReturnType<typeof openSettings>) {
  const section = within(
    await screen.findByRole('region', { name: m.deleteTitle }, { timeout: 10_000 }),
  );
  await app.user.click(await section.findByRole('button', { name: m.deleteButton }));
  return within(await screen.findByRole('dialog', { name: `${m.deleteTitle}?` }));
}

describe('Settings → Download my data', () => {
  it('downloads the ZIP the server streams, as a file', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:zip');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.href} ${this.download}`);
    });
    const app = openSettings(true, { [EXPORT]: [{ status: 200, body: 'PK' }] });
    const section = within(
      await screen.findByRole('region', { name: m.exportTitle }, { timeout: 10_000 }),
    );
    await app.user.click(section.getByRole('button', { name: m.exportButton }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('"PK"');
    expect(app.api.callsTo(EXPORT)).toHaveLength(1);
    expect(saved).toEqual([expect.stringMatching(/^blob:zip arena-data-\d{4}-\d{2}-\d{2}\.zip$/)]);
  });
});

describe('Settings → Delete my account', () => {
  it('asks for the password, deletes, signs out and goes home', async () => {
    const app = openSettings(true, { [DELETE]: [{ status: 204 }] });
    const dialog = await openDeleteDialog(app);
    await app.user.click(dialog.getByRole('button', { name: m.deleteConfirm }));
    expect(await dialog.findByText(m.passwordRequired)).toBeVisible();
    expect(app.api.callsTo(DELETE)).toHaveLength(0);

    await app.user.type(dialog.getByLabelText(m.deletePasswordLabel), 'my-password-1');
    await app.user.click(dialog.getByRole('button', { name: m.deleteConfirm }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.api.callsTo(DELETE)[0]?.body).toEqual({ password: 'my-password-1' });
    expect(app.api.callsTo('/api/auth/sign-out')).toHaveLength(1);
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a wrong password on the field', async () => {
    const wrong = MESSAGES.account.currentPasswordWrong;
    const app = openSettings(true, {
      [DELETE]: [
        {
          status: 400,
          body: {
            error: { code: 'validation_failed', message: wrong, fields: { password: wrong } },
          },
        },
      ],
    });
    const dialog = await openDeleteDialog(app);
    await app.user.type(dialog.getByLabelText(m.deletePasswordLabel), 'not-it');
    await app.user.click(dialog.getByRole('button', { name: m.deleteConfirm }));
    expect(await dialog.findByText(wrong)).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/settings');
  });

  it('asks an account without a password for a fresh sign-in instead', async () => {
    const app = openSettings(false, { [DELETE]: [{ status: 204 }] });
    const dialog = await openDeleteDialog(app);
    expect(dialog.getByText(m.deleteReauthHint)).toBeVisible();
    expect(dialog.queryByLabelText(m.deletePasswordLabel)).not.toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: m.deleteConfirm }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(app.api.callsTo(DELETE)[0]?.body).toEqual({});
  });
});
