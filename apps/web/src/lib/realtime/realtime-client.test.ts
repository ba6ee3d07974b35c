import { REALTIME_CLOSE, type ServerEvent } from '@arena/shared/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { reconnectDelay } from './realtime-backoff.ts';
import { RealtimeClient } from './realtime-client.ts';
import type { RealtimeEnvironment } from './realtime-wake.ts';
import { FakeSocket, fakeAuth } from '../../test/fake-socket.ts';

const INBOX = 'inbox:9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d' as const;
const CONVERSATION = 'conversation:5d1c0f7e-2b3a-4c5d-8e9f-1a2b3c4d5e6f' as const;
const BACKOFF = { initialMs: 1_000, maxMs: 8_000 };

const readEvent: ServerEvent = {
  type: 'messages.read',
  topic: CONVERSATION,
  conversationId: '5d1c0f7e-2b3a-4c5d-8e9f-1a2b3c4d5e6f',
  readerId: '0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f',
};

function setup(token: string | null = 'token-1', environment: RealtimeEnvironment | null = null) {
  const session = fakeAuth(token);
  const client = new RealtimeClient({
    url: () => 'ws://arena.test/api/realtime',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    auth: session.auth,
    environment,
    // No jitter: the random half is always at its top, so delays are the doubled ceiling.
    random: () => 1,
    backoff: BACKOFF,
    heartbeatMs: 25_000,
    pongTimeoutMs: 10_000,
  });
  return { client, ...session };
}

/** Opens the latest socket and has the server accept its token. */
function accept(profileId = '9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d'): FakeSocket {
  const socket = FakeSocket.latest();
  socket.open();
  socket.receive({ type: 'ready', profileId, unreadMessages: 0 });
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it('connects on the first subscription and authenticates first, subscribing only when ready', () => {
    const { client } = setup('token-1');
    client.subscribe(INBOX, { onEvent: vi.fn() });
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://arena.test/api/realtime');
    expect(client.getStatus()).toBe('connecting');

    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);

    socket.receive({ type: 'ready', profileId: 'me', unreadMessages: 0 });
    expect(socket.sent.slice(1)).toEqual([{ type: 'subscribe', topic: INBOX }]);
    expect(client.getStatus()).toBe('online');
  });

  it('stays closed while nobody is signed in, and connects on sign-in', () => {
    const { client, setToken } = setup(null);
    client.subscribe(INBOX, { onEvent: vi.fn() });
    expect(FakeSocket.instances).toHaveLength(0);
    expect(client.getStatus()).toBe('idle');

    setToken('token-1');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('delivers events to the subscribers of their topic only, and unsubscribes the last one', () => {
    const { client } = setup();
    const inbox = vi.fn();
    const first = vi.fn();
    const second = vi.fn();
    client.subscribe(INBOX, { onEvent: inbox });
    const stopFirst = client.subscribe(CONVERSATION, { onEvent: first });
    const stopSecond = client.subscribe(CONVERSATION, { onEvent: second });
    const socket = accept();
    expect(socket.sentOf('subscribe').map((m) => m.topic)).toEqual([INBOX, CONVERSATION]);

    socket.receive(readEvent);
    expect(first).toHaveBeenCalledWith(readEvent);
    expect(second).toHaveBeenCalledWith(readEvent);
    expect(inbox).not.toHaveBeenCalled();

    stopFirst();
    expect(socket.sentOf('unsubscribe')).toEqual([]);
    stopSecond();
    expect(socket.sentOf('unsubscribe')).toEqual([{ type: 'unsubscribe', topic: CONVERSATION }]);
    socket.receive(readEvent);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('ignores, with a warning, a frame that is not JSON or not of a shape it knows', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = setup();
    const onEvent = vi.fn();
    client.subscribe(CONVERSATION, { onEvent });
    const socket = accept();
    const { readerId: _, ...withoutReader } = readEvent;
    for (const data of ['not json', JSON.stringify(withoutReader), JSON.stringify({ type: 'x' })])
      socket.onmessage?.(new MessageEvent('message', { data }));
    expect(onEvent).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);

    socket.receive(readEvent);
    expect(onEvent).toHaveBeenCalledWith(readEvent);
    warn.mockRestore();
  });

  it('subscribes at once when the socket is already ready', () => {
    const { client } = setup();
    client.subscribe(INBOX, { onEvent: vi.fn() });
    const socket = accept();
    client.subscribe(CONVERSATION, { onEvent: vi.fn() });
    expect(socket.sentOf('subscribe').at(-1)).toEqual({ type: 'subscribe', topic: CONVERSATION });
  });
});

describe('the access token', () => {
  it('sends the renewed token on the open socket after each refresh', () => {
    const { client, setToken } = setup('token-1');
    client.subscribe(INBOX, { onEvent: vi.fn() });
    const socket = accept();

    setToken('token-2');
    setToken('token-2');
    setToken('token-3');
    expect(socket.sentOf('auth').map((m) => m.token)).toEqual(['token-1', 'token-2', 'token-3']);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('closes on sign-out and does not reconnect', () => {
    const { client, setToken } = setup();
    client.subscribe(INBOX, { onEvent: vi.fn() });
    const socket = accept();
    setToken(null);
    expect(socket.closedByClient).not.toBeNull();
    expect(client.getStatus()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('after a 4401 refreshes the token and reconnects with the new one', async () => {
    const { client, refreshResults } = setup('token-1');
    client.subscribe(INBOX, { onEvent: vi.fn() });
    refreshResults.push('token-2');
    accept().closeFromServer(4401);
    await vi.advanceTimersByTimeAsync(BACKOFF.initialMs);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'token-2' });
  });

  it('after a 4401 whose refresh cannot reach the server, keeps trying with backoff', async () => {
    const { client } = setup('token-1');
    client.subscribe(INBOX, { onEvent: vi.fn() });
    // The refresh leaves the session (and its token) as it was.
    accept().closeFromServer(4401);
    await vi.advanceTimersByTimeAsync(BACKOFF.initialMs);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.getStatus()).toBe('reconnecting');
  });

  it('after a 4401 whose refresh ends the session, stops', async () => {
    const { client, refreshResults } = setup('token-1');
    client.subscribe(INBOX, { onEvent: vi.fn() });
    refreshResults.push(null);
    accept().closeFromServer(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(client.getStatus()).toBe('idle');
  });
});

describe('reconnecting', () => {
  it('backs off exponentially, up to the ceiling, while the server stays away', () => {
    const { client } = setup();
    client.subscribe(INBOX, { onEvent: vi.fn() });
    accept().closeFromServer();
    expect(client.getStatus()).toBe('reconnecting');

    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = FakeSocket.instances.length;
      let waited = 0;
      while (FakeSocket.instances.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      FakeSocket.latest().closeFromServer();
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it('after a server restart (1012) reconnects within the first backoff step and subscribes again', () => {
    const { client } = setup();
    client.subscribe(INBOX, { onEvent: vi.fn() });
    accept().closeFromServer(REALTIME_CLOSE.restarting);
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(BACKOFF.initialMs - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(
      accept()
        .sentOf('subscribe')
        .map((m) => m.topic),
    ).toEqual([INBOX]);
    expect(client.getStatus()).toBe('online');
  });

  it('resubscribes every topic after a reconnect, then asks each subscriber to resync', () => {
    const { client } = setup();
    const inbox = { onEvent: vi.fn(), onResync: vi.fn() };
    const conversation = { onEvent: vi.fn(), onResync: vi.fn() };
    client.subscribe(INBOX, inbox);
    client.subscribe(CONVERSATION, conversation);
    const first = accept();
    first.receive({ type: 'subscribed', topic: INBOX });
    // The first connection has nothing to catch up on.
    expect(inbox.onResync).not.toHaveBeenCalled();

    first.closeFromServer();
    vi.advanceTimersByTime(BACKOFF.initialMs);
    const second = accept();
    expect(second.sentOf('subscribe').map((m) => m.topic)).toEqual([INBOX, CONVERSATION]);
    expect(inbox.onResync).not.toHaveBeenCalled();

    // Resync once the topic is listened to again, so nothing falls between refetch and events.
    second.receive({ type: 'subscribed', topic: INBOX });
    expect(inbox.onResync).toHaveBeenCalledTimes(1);
    expect(conversation.onResync).not.toHaveBeenCalled();
    second.receive({ type: 'subscribed', topic: CONVERSATION });
    expect(conversation.onResync).toHaveBeenCalledTimes(1);
    second.receive({ type: 'subscribed', topic: CONVERSATION });
    expect(conversation.onResync).toHaveBeenCalledTimes(1);
  });

  it('drops a socket that stops answering pings, and reconnects', () => {
    const { client } = setup();
    client.subscribe(INBOX, { onEvent: vi.fn() });
    const socket = accept();
    vi.advanceTimersByTime(25_000);
    expect(socket.sentOf('ping')).toHaveLength(1);
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(25_000 + 10_000);
    expect(socket.sentOf('ping')).toHaveLength(2);
    expect(socket.closedByClient).not.toBeNull();
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(BACKOFF.initialMs);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reconnects at once when the network returns or the tab becomes visible', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const { client } = setup('token-1', {
      window: win as unknown as RealtimeEnvironment['window'],
      document: doc as unknown as RealtimeEnvironment['document'],
    });
    client.subscribe(INBOX, { onEvent: vi.fn() });
    const first = accept();

    win.dispatchEvent(new Event('offline'));
    expect(first.closedByClient).not.toBeNull();
    expect(client.getStatus()).toBe('reconnecting');
    win.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(2);
    accept();
    expect(client.getStatus()).toBe('online');

    // Back from sleep: the socket is asked for a sign of life; silence means it is dead.
    const second = FakeSocket.latest();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(second.sentOf('ping')).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(second.closedByClient).not.toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('keeps half the doubled delay and spreads the other half at random', () => {
    const backoff = { initialMs: 1_000, maxMs: 30_000 };
    expect(reconnectDelay(0, backoff, () => 0)).toBe(500);
    expect(reconnectDelay(0, backoff, () => 0.99)).toBe(995);
    expect(reconnectDelay(3, backoff, () => 0.5)).toBe(6_000);
    expect(reconnectDelay(12, backoff, () => 0)).toBe(15_000);
    expect(reconnectDelay(99, backoff, () => 1)).toBe(30_000);
  });
});
