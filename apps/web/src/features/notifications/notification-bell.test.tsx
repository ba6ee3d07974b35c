import type { ServerFrame } from '@arena/shared/realtime';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { FakeSocket } from '../../test/fake-socket.ts';
import { ME } from '../../test/messages-data.ts';
import { listPath, notification, page } from '../../test/notification-data.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const UNSEEN = '/api/notifications/unseen';

function openApp(api = {}) {
  return renderApp('/sport-camps', {
    signedInAs: {},
    api: { '/api/me/unread-messages': [{ status: 200, body: { unread: 0 } }], ...api },
  });
}

function server(...frames: ServerFrame[]) {
  act(() => {
    for (const frame of frames) FakeSocket.latest().receive(frame);
  });
}

async function connect(unseenNotifications?: number) {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  act(() => FakeSocket.latest().open());
  server({ type: 'ready', profileId: ME, unreadMessages: 0, unseenNotifications });
}

const bell = () => screen.getByRole('link', { name: /^Notifications/ });

it('shows the number the greeting brings, then each new number live, without asking over HTTP', async () => {
  const app = openApp();
  await screen.findByRole('link', { name: 'Notifications' }, { timeout: 10_000 });
  expect(bell()).toHaveAttribute('href', '/notifications');
  await connect(3);
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 new'));
  expect(bell()).toHaveTextContent('3');
  expect(FakeSocket.latest().sentOf('subscribe')).toEqual([
    { type: 'subscribe', topic: `inbox:${ME}` },
  ]);

  server({ type: 'notifications.changed', topic: `inbox:${ME}`, unseen: 4 });
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 4 new'));
  server({ type: 'notifications.changed', topic: `inbox:${ME}`, unseen: 120 });
  await waitFor(() => expect(bell()).toHaveTextContent('99+'));
  expect(app.api.callsTo(UNSEEN)).toHaveLength(0);
});

it('asks over HTTP when the greeting does not bring the number, and again after a reconnect', async () => {
  const app = openApp({
    [UNSEEN]: [
      { status: 200, body: { unseen: 2 } },
      { status: 200, body: { unseen: 5 } },
    ],
  });
  await connect();
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 new'));
  act(() => FakeSocket.latest().closeFromServer());
  await waitFor(() => expect(FakeSocket.instances.length).toBe(2), { timeout: 10_000 });
  act(() => FakeSocket.latest().open());
  server({ type: 'ready', profileId: ME, unreadMessages: 0 });
  server({ type: 'subscribed', topic: `inbox:${ME}` });
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 5 new'));
  expect(app.api.callsTo(UNSEEN).length).toBeGreaterThanOrEqual(2);
});

it('goes to 0 when the list is opened', async () => {
  const app = openApp({
    'POST /api/notifications/seen': [{ status: 200, body: { unseen: 0 } }],
    [listPath()]: [page([notification()])],
  });
  await connect(3);
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 new'));
  await app.user.click(bell());
  await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 10_000 });
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
  expect(app.api.callsTo('/api/notifications/seen')).toHaveLength(1);
});
