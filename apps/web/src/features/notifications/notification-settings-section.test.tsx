import { DEFAULT_NOTICE_PREFERENCES, NOTICE_KIND_LABELS } from '@arena/shared/notification.schema';
import type { NotificationSettings } from '@arena/shared/notification.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  SUBSCRIPTION_JSON,
  VAPID_KEY,
  browserWithPush,
  forgetBrowserPush,
} from '../../test/browser-push-double.ts';
import type { FakeReply } from '../../test/fake-api.ts';
import { apiError } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { PUSH_STATE_TEXT } from './push-switch.tsx';

// The Settings page renders every section; on a busy machine that takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  forgetBrowserPush();
  vi.unstubAllGlobals();
});

const SETTINGS = '/api/settings/notifications';
const settings = (preferences = DEFAULT_NOTICE_PREFERENCES): NotificationSettings => ({
  preferences,
  vapidPublicKey: VAPID_KEY,
});

const PUSH = '/api/push-subscriptions';

function openSettings(replies: FakeReply[], api: Record<string, FakeReply[]> = {}) {
  return renderApp('/settings', {
    signedInAs: {},
    api: {
      '/api/me/identities': [{ status: 200, body: { identities: [], hasPassword: true } }],
      [`GET ${SETTINGS}`]: [{ status: 200, body: settings() }],
      [`PUT ${SETTINGS}`]: replies,
      ...api,
    },
  });
}

async function pushSwitch() {
  const section = within(
    await screen.findByRole('region', { name: 'Notifications' }, { timeout: 10_000 }),
  );
  return section.findByRole('switch', { name: 'Push notifications on this browser' });
}

async function kindRow(kind: keyof typeof NOTICE_KIND_LABELS) {
  const section = within(
    await screen.findByRole('region', { name: 'Notifications' }, { timeout: 10_000 }),
  );
  return within(await section.findByRole('group', { name: NOTICE_KIND_LABELS[kind] }));
}

describe('Settings → Notifications', () => {
  it('shows each kind’s choice and saves a changed email mode as it is made', async () => {
    const saved = settings({ ...DEFAULT_NOTICE_PREFERENCES, like: { email: 'off', push: true } });
    const app = openSettings([{ status: 200, body: saved }]);
    const likes = await kindRow('like');
    const email = likes.getByRole('combobox', { name: 'Email' });
    expect(email).toHaveValue('daily');
    expect(likes.getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(
      within(email)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Off', 'Immediately', 'Daily digest']);
    expect((await kindRow('application')).getByRole('combobox', { name: 'Email' })).toHaveValue(
      'immediate',
    );

    await app.user.selectOptions(email, 'off');
    expect(email).toHaveValue('off');
    await waitFor(() =>
      expect(app.api.callsTo(SETTINGS).filter((c) => c.method === 'PUT')).toHaveLength(1),
    );
    expect(app.api.callsTo(SETTINGS).find((c) => c.method === 'PUT')?.body).toEqual({
      like: { email: 'off' },
    });
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
  });

  it('sends a push change alone', async () => {
    const app = openSettings([
      {
        status: 200,
        body: settings({ ...DEFAULT_NOTICE_PREFERENCES, comment: { email: 'daily', push: false } }),
      },
    ]);
    const comments = await kindRow('comment');
    await app.user.click(comments.getByRole('checkbox', { name: 'Push' }));
    await waitFor(() =>
      expect(app.api.callsTo(SETTINGS).find((c) => c.method === 'PUT')?.body).toEqual({
        comment: { push: false },
      }),
    );
    expect(comments.getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
  });

  it('puts the choice back and shows the server’s reason when saving fails', async () => {
    const app = openSettings([
      apiError(400, 'validation_failed', 'Choose Off, Immediately or Daily digest.'),
    ]);
    const likes = await kindRow('like');
    const email = likes.getByRole('combobox', { name: 'Email' });
    await app.user.selectOptions(email, 'immediate');
    expect(await screen.findByText('Choose Off, Immediately or Daily digest.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveValue('daily'));
  });

  it('says when this browser cannot take push notifications', async () => {
    // jsdom has no service workers or PushManager, as some browsers do not.
    openSettings([]);
    const section = within(
      await screen.findByRole('region', { name: 'Notifications' }, { timeout: 10_000 }),
    );
    const toggle = await section.findByRole('switch', {
      name: 'Push notifications on this browser',
    });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await section.findByText(PUSH_STATE_TEXT.unsupported)).toBeInTheDocument();
  });

  it('turns push on for this browser: worker, permission, subscription sent to the server; and off', async () => {
    const { serviceWorker, subscription } = browserWithPush('default', 'granted');
    const app = openSettings([], { [PUSH]: [{ status: 204 }] });
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(PUSH_STATE_TEXT.off)).toBeInTheDocument();

    await app.user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const [saved] = app.api.callsTo(PUSH);
    expect(saved?.method).toBe('POST');
    expect(saved?.body).toEqual(SUBSCRIPTION_JSON);
    expect(screen.getByText(PUSH_STATE_TEXT.on)).toBeInTheDocument();

    await app.user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(app.api.callsTo(PUSH)).toHaveLength(2));
    expect(app.api.callsTo(PUSH)[1]).toMatchObject({
      method: 'DELETE',
      body: { endpoint: SUBSCRIPTION_JSON.endpoint },
    });
  });

  it('says so when the browser blocks notifications', async () => {
    browserWithPush('denied', 'denied');
    openSettings([]);
    const blocked = await pushSwitch();
    expect(await screen.findByText(PUSH_STATE_TEXT.denied)).toBeInTheDocument();
    expect(blocked).toBeDisabled();
  });

  it('leaves no subscription behind when the server refuses it', async () => {
    const { subscription } = browserWithPush('granted', 'granted');
    const app = openSettings([], {
      [PUSH]: [apiError(400, 'validation_failed', 'A push endpoint must be an https address.')],
    });
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle).toBeEnabled());
    await app.user.click(toggle);
    expect(
      await screen.findByText('A push endpoint must be an https address.'),
    ).toBeInTheDocument();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });
});
