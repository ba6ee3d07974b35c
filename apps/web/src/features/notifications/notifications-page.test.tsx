import type { ServerFrame } from '@arena/shared/realtime';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { FakeReply } from '../../test/fake-api.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { ME } from '../../test/messages-data.ts';
import { ANA, BEN, listPath, notification, page } from '../../test/notification-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { NOTIFICATIONS_EMPTY } from './notifications-page.tsx';

// The whole app renders, and the machine may be busy: give each test room.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const SEEN = 'POST /api/notifications/seen';
const READ_ALL = '/api/notifications/read-all';
const readPath = (id: string) => `/api/notifications/${id}/read`;

function openNotifications(api: Record<string, FakeReply[]>, path = '/notifications') {
  return renderApp(path, {
    signedInAs: {},
    api: {
      '/api/me/unread-messages': [{ status: 200, body: { unread: 0 } }],
      [SEEN]: [{ status: 200, body: { unseen: 0 } }],
      ...api,
    },
  });
}

function server(frame: ServerFrame) {
  act(() => FakeSocket.latest().receive(frame));
}

async function listOf(name = 'Notifications: All') {
  return within(await screen.findByRole('list', { name }, { timeout: 10_000 }));
}

describe('/notifications', () => {
  it('lists each kind as a sentence, unread ones marked, and sees them all on opening', async () => {
    const { api } = openNotifications({
      [listPath()]: [
        page([
          notification({ kind: 'like', actors: [ANA, BEN], actorCount: 13 }),
          notification({
            kind: 'follow',
            subject: { type: 'profile' },
            href: '/profile/ana_lopez',
            read: true,
          }),
          notification({
            kind: 'comment',
            subject: {
              type: 'comment',
              id: '4d000000-0000-4000-8000-000000000001',
              postId: '2b000000-0000-4000-8000-000000000001',
              excerpt: 'Well played',
            },
          }),
          notification({
            kind: 'mention',
            actors: [BEN],
            subject: {
              type: 'comment',
              id: '4d000000-0000-4000-8000-000000000002',
              postId: '2b000000-0000-4000-8000-000000000001',
              excerpt: 'hi',
            },
          }),
          notification({
            kind: 'application',
            subject: {
              type: 'offer',
              id: '5e000000-0000-4000-8000-000000000001',
              title: 'U19 striker',
            },
            href: '/applications-received',
          }),
          notification({
            kind: 'verification',
            actors: [],
            actorCount: 0,
            subject: { type: 'verification', decision: 'approved' },
            href: '/profile/jordan_23',
          }),
          notification({
            kind: 'verification',
            actors: [],
            actorCount: 0,
            subject: { type: 'verification', decision: 'removed' },
            href: '/profile/jordan_23',
          }),
        ]),
      ],
    });
    const list = await listOf();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const names = list.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual([
      'Ana López and 12 others liked your post (unread)',
      'Ana López started following you',
      'Ana López commented on your post: “Well played” (unread)',
      'Ben Ode mentioned you in a comment (unread)',
      'Ana López applied to your offer “U19 striker” (unread)',
      'Your verification request was approved (unread)',
      'Your verification was removed (unread)',
    ]);
    expect(list.getAllByText('5 minutes ago')).toHaveLength(7);
    expect(list.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(6);
    await waitFor(() => expect(api.callsTo('/api/notifications/seen')).toHaveLength(1));
    expect(api.callsTo('/api/notifications/seen')[0]?.method).toBe('POST');
  });

  it('filters by the tab, kept in the address', async () => {
    const follow = notification({ kind: 'follow', subject: { type: 'profile' } });
    const app = openNotifications({
      [listPath()]: [page([notification()])],
      [listPath('follows')]: [page([follow])],
    });
    await listOf();
    await app.user.click(screen.getByRole('tab', { name: 'Follows' }));
    const follows = await listOf('Notifications: Follows');
    expect(follows.getAllByRole('link')).toHaveLength(1);
    expect(follows.getByRole('link')).toHaveTextContent('Ana López started following you');
    expect(app.router.state.location.search).toBe('?filter=follows');
    expect(app.api.callsTo(listPath('follows'))).toHaveLength(1);
  });

  it('opens on the filter the address names', async () => {
    openNotifications(
      {
        [listPath('offers')]: [
          page([
            notification({
              kind: 'application',
              subject: {
                type: 'offer',
                id: '5e000000-0000-4000-8000-000000000001',
                title: 'Keeper',
              },
            }),
          ]),
        ],
      },
      '/notifications?filter=offers',
    );
    const offers = await listOf('Notifications: Offers and applications');
    expect(offers.getByRole('link')).toHaveTextContent('applied to your offer “Keeper”');
    expect(screen.getByRole('tab', { name: 'Offers and applications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('marks one entry read with its button, and another by following it', async () => {
    const first = notification();
    const second = notification({
      kind: 'follow',
      subject: { type: 'profile' },
      href: '/profile/ana_lopez',
    });
    const app = openNotifications({
      [listPath()]: [page([first, second])],
      [readPath(first.id)]: [{ status: 204 }],
      [readPath(second.id)]: [{ status: 204 }],
    });
    const list = await listOf();
    const [firstButton] = list.getAllByRole('button', { name: 'Mark as read' });
    await app.user.click(firstButton!);
    await waitFor(() => expect(app.api.callsTo(readPath(first.id))).toHaveLength(1));
    expect(app.api.callsTo(readPath(first.id))[0]?.method).toBe('POST');
    expect(list.getByRole('link', { name: 'Ana López liked your post' })).toBeInTheDocument();
    expect(list.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);

    await app.user.click(list.getByRole('link', { name: /started following you/ }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/profile/ana_lopez'));
    expect(app.api.callsTo(readPath(second.id))).toHaveLength(1);
  });

  it('marks all read', async () => {
    const app = openNotifications({
      [listPath()]: [page([notification(), notification({ kind: 'repost' })])],
      [READ_ALL]: [{ status: 204 }],
    });
    const list = await listOf();
    expect(list.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);
    await app.user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(list.queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0),
    );
    expect(app.api.callsTo(READ_ALL)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('brings back the unread marks when Mark all read fails', async () => {
    const app = openNotifications({
      [listPath()]: [page([notification()])],
      [READ_ALL]: [{ status: 500 }],
    });
    const list = await listOf();
    await app.user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(
      await screen.findByText('Could not mark all as read. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(list.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1),
    );
  });

  it('loads older entries a page at a time', async () => {
    const app = openNotifications({
      [listPath()]: [page([notification({ kind: 'repost' })], 'next-1')],
      [listPath('all', 'next-1')]: [
        page([notification({ kind: 'follow', subject: { type: 'profile' } })]),
      ],
    });
    const list = await listOf();
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(2));
    expect(list.getAllByRole('link')[1]).toHaveTextContent('Ana López started following you');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    openNotifications({ [listPath()]: [page([])] });
    expect(
      await screen.findByText('No notifications yet.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(NOTIFICATIONS_EMPTY)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const app = openNotifications({ [listPath()]: [{ status: 403 }, page([notification()])] });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Your notifications could not be loaded.');
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await listOf();
  });

  it('shows what comes while it is open, and sees it', async () => {
    const app = openNotifications({
      [listPath()]: [
        page([]),
        page([notification({ kind: 'follow', subject: { type: 'profile' } })]),
      ],
    });
    expect(
      await screen.findByText('No notifications yet.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeSocket.latest().open());
    server({ type: 'ready', profileId: ME, unreadMessages: 0, unseenNotifications: 0 });
    server({ type: 'notifications.changed', topic: `inbox:${ME}`, unseen: 1 });
    const list = await listOf();
    expect(list.getByRole('link')).toHaveTextContent('Ana López started following you');
    await waitFor(() => expect(app.api.callsTo('/api/notifications/seen')).toHaveLength(2));
  });
});
