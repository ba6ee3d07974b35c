import { MESSAGES } from '@arena/shared/messages';
import type { PublicProfileSettings } from '@arena/shared/public-profile-settings.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

// The Settings page renders every section; on a busy machine that takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const ME = '/api/me/public-profile';
const URL = 'https://arena.example/p/eve_winger';
const OFF: PublicProfileSettings = {
  enabled: false,
  sections: [],
  allowIndexing: false,
  url: URL,
  eligible: true,
};
const ALL = ['sport', 'career', 'awards', 'availability', 'highlights'];

function openSettings(api: Record<string, { status: number; body?: unknown }[]>) {
  return renderApp('/settings', { signedInAs: {}, api });
}

async function section() {
  return within(await screen.findByRole('region', { name: 'Public profile' }, { timeout: 10_000 }));
}

describe('Settings → Public profile', () => {
  it('turns it on with every section, then saves each change and shows the link', async () => {
    const on = { ...OFF, enabled: true, sections: ALL };
    const app = openSettings({
      [`GET ${ME}`]: [{ status: 200, body: OFF }],
      [`PUT ${ME}`]: [
        { status: 200, body: on },
        { status: 200, body: { ...on, sections: ALL.filter((s) => s !== 'awards') } },
      ],
    });
    const region = await section();
    const toggle = await region.findByRole('switch', { name: 'Show my public profile' });
    expect(toggle).not.toBeChecked();
    expect(region.queryByRole('textbox', { name: /link/ })).toBeNull();

    await app.user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(app.api.calls.filter((c) => c.method === 'PUT')[0]?.body).toEqual({
      sections: ALL,
      allowIndexing: false,
    });
    expect(await region.findByRole('textbox', { name: 'Your public profile’s link' })).toHaveValue(
      URL,
    );
    expect(region.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/p/eve_winger');

    await app.user.click(region.getByRole('checkbox', { name: 'Awards and achievements' }));
    await waitFor(() =>
      expect(app.api.calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
        sections: ALL.filter((s) => s !== 'awards'),
        allowIndexing: false,
      }),
    );
    await waitFor(() =>
      expect(region.getByRole('checkbox', { name: 'Awards and achievements' })).not.toBeChecked(),
    );
  });

  it('keeps the choices as a draft while it is off, and turns it off', async () => {
    const on = { ...OFF, enabled: true, sections: ['career'], allowIndexing: true };
    const app = openSettings({
      [`GET ${ME}`]: [{ status: 200, body: on }],
      [`DELETE ${ME}`]: [{ status: 200, body: OFF }],
    });
    const region = await section();
    expect(await region.findByRole('checkbox', { name: 'Career' })).toBeChecked();
    expect(
      region.getByRole('checkbox', { name: 'Sport, positions and measurements' }),
    ).not.toBeChecked();
    expect(
      region.getByRole('checkbox', { name: 'Allow search engines to show my profile' }),
    ).toBeChecked();

    await app.user.click(region.getByRole('switch', { name: 'Show my public profile' }));
    await waitFor(() => expect(app.api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    await waitFor(() =>
      expect(region.getByRole('switch', { name: 'Show my public profile' })).not.toBeChecked(),
    );
    expect(await screen.findByText(MESSAGES.publicProfile.turnedOff)).toBeInTheDocument();
    // Off, a box changes the draft only.
    await app.user.click(region.getByRole('checkbox', { name: 'Awards and achievements' }));
    expect(region.getByRole('checkbox', { name: 'Awards and achievements' })).toBeChecked();
    expect(app.api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s refusal and leaves it off', async () => {
    const app = openSettings({
      [`GET ${ME}`]: [{ status: 200, body: OFF }],
      [`PUT ${ME}`]: [
        {
          status: 403,
          body: { error: { code: 'forbidden', message: MESSAGES.publicProfile.minorsCannot } },
        },
      ],
    });
    const region = await section();
    const toggle = await region.findByRole('switch', { name: 'Show my public profile' });
    await app.user.click(toggle);
    expect(await screen.findByText(MESSAGES.publicProfile.minorsCannot)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('offers a club its highlights only', async () => {
    const app = renderApp('/settings', {
      signedInAs: { profile: { userType: 'club' } },
      api: {
        [`GET ${ME}`]: [{ status: 200, body: OFF }],
        [`PUT ${ME}`]: [{ status: 200, body: { ...OFF, enabled: true, sections: ['highlights'] } }],
      },
    });
    const region = await section();
    await app.user.click(await region.findByRole('switch', { name: 'Show my public profile' }));
    await waitFor(() =>
      expect(app.api.calls.filter((c) => c.method === 'PUT')[0]?.body).toEqual({
        sections: ['highlights'],
        allowIndexing: false,
      }),
    );
    // Highlights, and the one for search engines.
    expect(region.getAllByRole('checkbox')).toHaveLength(2);
    expect(region.queryByRole('checkbox', { name: 'Career' })).toBeNull();
  });

  it('explains that under-18s cannot have one, with no switch', async () => {
    openSettings({ [`GET ${ME}`]: [{ status: 200, body: { ...OFF, eligible: false } }] });
    const region = await section();
    expect(
      await region.findByText(/Public profiles are for members aged 18 and over/),
    ).toBeVisible();
    expect(region.queryByRole('switch')).toBeNull();
  });

  it('offers to try again when the settings could not be loaded', async () => {
    openSettings({
      [`GET ${ME}`]: [{ status: 500, body: { error: { code: 'internal', message: 'x' } } }],
    });
    const region = await section();
    expect(
      await region.findByText(MESSAGES.publicProfile.loadFailed, {}, { timeout: 10_000 }),
    ).toBeVisible();
  });
});
