import { MESSAGES } from '@arena/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { FakeSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { FakeReply } from '../../test/fake-api.ts';
import {
  CONVERSATION_ID,
  ME,
  conversation,
  message,
  ok,
  threadPath,
} from '../../test/messages-data.ts';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const REQUESTS = '/api/conversations/requests?limit=20';
const request = conversation({ request: true, unreadCount: 1 });

function openMessages(api: Record<string, FakeReply[]>) {
  return renderApp('/messages', {
    signedInAs: {},
    api: {
      '/api/conversations': [ok([])],
      [REQUESTS]: [ok({ items: [request], nextCursor: null })],
      [threadPath()]: [
        ok({ items: [message({ content: 'Trial on Saturday?' })], nextCursor: null }),
      ],
      ...api,
    },
  });
}

/** The socket's greeting brings the requests count with the unread one. */
async function greet(messageRequests: number) {
  // The first test loads the lazy page: give it time on a loaded machine.
  await screen.findByRole('button', { name: 'Conversations' }, { timeout: 10_000 });
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  act(() => FakeSocket.latest().open());
  act(() =>
    FakeSocket.latest().receive({
      type: 'ready',
      profileId: ME,
      unreadMessages: 0,
      messageRequests,
    }),
  );
}

it('shows Message requests (N) from the greeting, lists them, and accepting moves one into the conversations', async () => {
  const { api, user } = openMessages({
    [`/api/conversations/${CONVERSATION_ID}/accept`]: [ok({ status: 'accepted' })],
  });
  await greet(1);
  const tab = await screen.findByRole('button', { name: 'Message requests (1)' });
  expect(tab).toHaveAttribute('aria-pressed', 'false');
  // Nothing is asked for the requests until they are opened.
  expect(api.callsTo(REQUESTS)).toHaveLength(0);
  await user.click(tab);
  const list = await screen.findByRole('list', { name: MESSAGES.messaging.requestsTitle });
  await user.click(within(list).getByRole('button', { name: /Casey Lee/ }));

  const banner = await screen.findByRole('region', { name: 'Message request' });
  expect(within(banner).getByText(MESSAGES.messaging.requestBanner)).toBeVisible();
  // No composer while it is a request.
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

  api.set('/api/conversations', [ok([conversation({ unreadCount: 1 })])]);
  await user.click(within(banner).getByRole('button', { name: 'Accept' }));
  expect(await screen.findByText(MESSAGES.messaging.requestAccepted)).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Conversations' })).toHaveAttribute(
      'aria-pressed',
      'true',
    ),
  );
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  expect(api.callsTo(`/api/conversations/${CONVERSATION_ID}/accept`)).toHaveLength(1);
});

it('blocks the sender only after the confirmation; the request leaves the list', async () => {
  const { api, user } = openMessages({
    [`/api/conversations/${CONVERSATION_ID}/block`]: [ok({ status: 'blocked' })],
  });
  await greet(1);
  await user.click(await screen.findByRole('button', { name: 'Message requests (1)' }));
  const list = await screen.findByRole('list', { name: MESSAGES.messaging.requestsTitle });
  await user.click(within(list).getByRole('button', { name: /Casey Lee/ }));
  const banner = await screen.findByRole('region', { name: 'Message request' });

  api.set(REQUESTS, [ok({ items: [], nextCursor: null })]);
  await user.click(within(banner).getByRole('button', { name: 'Block' }));
  const dialog = await screen.findByRole('dialog', { name: 'Block @casey?' });
  expect(api.callsTo(`/api/conversations/${CONVERSATION_ID}/block`)).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Block' }));
  expect(await screen.findByText(MESSAGES.messaging.requestBlocked)).toBeInTheDocument();
  expect(await screen.findByText(MESSAGES.messaging.noRequests)).toBeInTheDocument();
  expect(api.callsTo(`/api/conversations/${CONVERSATION_ID}/block`)).toHaveLength(1);
});
