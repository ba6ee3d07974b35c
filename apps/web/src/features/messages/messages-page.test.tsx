import type { ServerFrame } from '@arena/shared/realtime';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { FakeSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { FakeReply } from '../../test/fake-api.ts';
import {
  CASEY_ID,
  CONVERSATION_ID,
  ME,
  conversation,
  message,
  ok,
  readPath,
  sendPath,
  threadPath,
} from '../../test/messages-data.ts';

// The whole app renders, and the machine may be busy: give each test room.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function openMessages(api: Record<string, FakeReply[]>) {
  return renderApp('/messages', {
    signedInAs: {},
    api: { '/api/me/unread-messages': [ok({ unread: 0 })], ...api },
  });
}

/** Plays the server: accepts the socket's token, then pushes `frames`. */
function server(...frames: ServerFrame[]) {
  act(() => {
    for (const frame of frames) FakeSocket.latest().receive(frame);
  });
}

async function connectSocket(unreadMessages = 0) {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  act(() => FakeSocket.latest().open());
  server({ type: 'ready', profileId: ME, unreadMessages });
}

it('lists conversations with previews and unread counts; opening one marks it read', async () => {
  const mine = conversation({
    id: '6e2d1a8f-3c4b-4d5e-9fa0-2b3c4d5e6f70',
    other: {
      ...conversation().other!,
      id: ME.replace('9', '8'),
      username: 'jo',
      fullName: 'Jo Park',
    },
    lastMessage: { content: null, mediaType: 'image', fromMe: true },
    unreadCount: 0,
  });
  const { api, user } = openMessages({
    '/api/conversations': [ok([conversation(), mine])],
    '/api/me/unread-messages': [ok({ unread: 0 })],
    [threadPath()]: [
      ok({ items: [message({ content: 'See you at training' })], nextCursor: null }),
    ],
    [readPath()]: [ok({ marked: 2 })],
  });
  // The first test loads the lazy page: give it time on a loaded machine.
  const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 10_000 });
  const casey = within(list).getByRole('button', { name: /Casey Lee/ });
  expect(casey).toHaveTextContent('See you at training');
  expect(casey).toHaveTextContent('2 unread');
  expect(casey).toHaveTextContent('5 minutes ago');
  expect(within(list).getByRole('button', { name: /Jo Park/ })).toHaveTextContent('You: Photo');
  expect(screen.getByText('Select a conversation to start messaging')).toBeInTheDocument();
  // The badge's first number comes with the socket's greeting, not from a request of its own.
  const nav = screen.getAllByRole('link', { name: /^Messages/ })[0];
  await connectSocket(2);
  await waitFor(() => expect(nav).toHaveAccessibleName('Messages (2 unread)'));
  expect(api.callsTo('/api/me/unread-messages')).toHaveLength(0);

  await user.click(casey);
  expect(await screen.findByRole('heading', { level: 2, name: /Casey Lee/ })).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo(readPath())).toHaveLength(1));
  await waitFor(() => expect(casey).not.toHaveTextContent('unread'));
  await waitFor(() => expect(nav).toHaveAccessibleName('Messages'));
});

it('shows a sent message at once; when sending fails it goes, with the error, and the draft returns', async () => {
  const app = openMessages({
    '/api/conversations': [ok([conversation({ unreadCount: 0 })])],
    [threadPath()]: [ok({ items: [], nextCursor: null })],
  });
  let fail: (reply: Response) => void = () => undefined;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (input === sendPath() && init?.method === 'POST')
      return new Promise<Response>((resolve) => (fail = resolve));
    return app.api.fetch(input, init);
  });
  await app.user.click(await screen.findByRole('button', { name: /Casey Lee/ }));
  expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();

  const box = screen.getByRole('textbox', { name: 'Message' });
  await app.user.type(box, 'Are you coming on Tuesday?{Enter}');
  const thread = await screen.findByRole('list', { name: 'Messages with Casey Lee' });
  expect(within(thread).getByText('Are you coming on Tuesday?')).toBeInTheDocument();
  expect(within(thread).getByText('Sending...')).toBeInTheDocument();
  expect(box).toHaveValue('');

  fail(Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }));
  expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByText('Are you coming on Tuesday?', { selector: 'p' })).toBeNull(),
  );
  expect(screen.getByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  expect(box).toHaveValue('Are you coming on Tuesday?');
});

it('sends on Enter, keeps the stored message, and refuses what cannot be sent', async () => {
  const stored = message({ senderId: ME, content: 'On my way', read: false });
  const { api, user } = openMessages({
    '/api/conversations': [ok([conversation({ unreadCount: 0 })])],
    [threadPath()]: [ok({ items: [], nextCursor: null })],
    [sendPath()]: [{ status: 201, body: stored }],
  });
  await user.click(await screen.findByRole('button', { name: /Casey Lee/ }));
  const box = await screen.findByRole('textbox', { name: 'Message' });

  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Please enter a message or attach media')).toBeInTheDocument();

  const attach = screen.getByLabelText('Attach photo or video');
  // As a drop or a picker set to 'All files' would: past the input's `accept`.
  fireEvent.change(attach, {
    target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
  });
  expect(await screen.findByText('Please select an image or video file')).toBeInTheDocument();
  const huge = new File(['x'], 'match.mp4', { type: 'video/mp4' });
  Object.defineProperty(huge, 'size', { value: 51 * 1024 * 1024 });
  fireEvent.change(attach, { target: { files: [huge] } });
  expect(await screen.findByText('File size must be less than 10MB or 50MB')).toBeInTheDocument();

  await user.type(box, 'On my way{Shift>}{Enter}{/Shift}');
  expect(box).toHaveValue('On my way\n');
  await user.type(box, '{Backspace}{Enter}');
  await waitFor(() => expect(api.callsTo(sendPath())).toHaveLength(1));
  expect(api.callsTo(sendPath())[0]?.body).toEqual({ content: 'On my way', mediaId: null });
  const thread = screen.getByRole('list', { name: 'Messages with Casey Lee' });
  await waitFor(() => expect(within(thread).queryByText('Sending...')).toBeNull());
  expect(within(thread).getByText('On my way')).toBeInTheDocument();
});

it('adds messages as they arrive on the open conversation, marks them read, and shows Seen', async () => {
  const mine = message({ senderId: ME, content: 'Did you get the video?', read: false });
  const { api, user } = openMessages({
    '/api/conversations': [ok([conversation({ unreadCount: 0 })])],
    [threadPath()]: [ok({ items: [mine], nextCursor: null })],
    [readPath()]: [ok({ marked: 1 })],
  });
  await connectSocket();
  await user.click(await screen.findByRole('button', { name: /Casey Lee/ }));
  const thread = await screen.findByRole('list', { name: 'Messages with Casey Lee' });
  await waitFor(() =>
    expect(
      FakeSocket.latest()
        .sentOf('subscribe')
        .map((m) => m.topic),
    ).toContain(`conversation:${CONVERSATION_ID}`),
  );
  expect(api.callsTo(readPath())).toHaveLength(0);

  const incoming = message({ content: 'Yes, great clip!' });
  server(
    { type: 'message.created', topic: `conversation:${CONVERSATION_ID}`, message: incoming },
    { type: 'message.created', topic: `inbox:${ME}`, message: incoming },
  );
  // The query cache tells the screen on its next tick.
  expect(await within(thread).findByText('Yes, great clip!')).toBeInTheDocument();
  expect(within(thread).getAllByText('Yes, great clip!')).toHaveLength(1);
  await waitFor(() => expect(api.callsTo(readPath())).toHaveLength(1));
  expect(screen.getByText('New message from Casey Lee: Yes, great clip!')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Casey Lee/ })).toHaveTextContent('Yes, great clip!');

  expect(within(thread).queryByText(/Seen/)).toBeNull();
  server({
    type: 'messages.read',
    topic: `conversation:${CONVERSATION_ID}`,
    conversationId: CONVERSATION_ID,
    readerId: CASEY_ID,
  });
  expect(await within(thread).findByText(/Seen/)).toBeInTheDocument();
});

it('opens the conversation the route state names, even one newer than the list', async () => {
  const { router } = openMessages({
    '/api/conversations': [ok([]), ok([conversation({ unreadCount: 0 })])],
    [threadPath()]: [ok({ items: [], nextCursor: null })],
  });
  expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  await act(() => router.navigate('/messages', { state: { conversationId: CONVERSATION_ID } }));
  expect(await screen.findByRole('heading', { level: 2, name: /Casey Lee/ })).toBeInTheDocument();
});

it("says 'Failed to open message' when the route state names a conversation that is not yours", async () => {
  const { router } = openMessages({ '/api/conversations': [ok([conversation()])] });
  await screen.findByRole('button', { name: /Casey Lee/ });
  const conversationId = '00000000-0000-4000-8000-000000000000';
  await act(() => router.navigate('/messages', { state: { conversationId } }));
  expect(await screen.findByText('Failed to open message')).toBeInTheDocument();
  expect(await screen.findByText('Select a conversation to start messaging')).toBeInTheDocument();
  expect(router.state.location.state).toBeNull();
});

it('says so when there are no conversations yet', async () => {
  openMessages({ '/api/conversations': [ok([])] });
  expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
});

it('says so when the conversations cannot be loaded', async () => {
  openMessages({
    '/api/conversations': [{ status: 403, body: { error: { code: 'forbidden', message: 'No' } } }],
  });
  expect(await screen.findByText('Failed to load conversations')).toBeInTheDocument();
});
