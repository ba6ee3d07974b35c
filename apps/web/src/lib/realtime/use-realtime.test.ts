import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { noContent, REFRESH, session, setupManager, SIGN_OUT } from '../../test/session-harness.ts';
import { realtimeClientFor } from './use-realtime.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { REMEMBER_FLAG } from '../session/session-flags.ts';

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('follows the session manager: its token at connect, the renewed one after each refresh, closed on sign-out', async () => {
  const { manager } = setupManager(
    { [REFRESH]: [session('token-1'), session('token-2')], [SIGN_OUT]: [noContent] },
    { local: { [REMEMBER_FLAG]: '1' } },
  );
  await manager.start();
  const client = realtimeClientFor(manager);
  expect(realtimeClientFor(manager)).toBe(client);

  client.subscribe('feed', { onEvent: vi.fn() });
  const socket = FakeSocket.latest();
  expect(socket.url).toBe(`ws://${window.location.host}/api/realtime`);
  socket.open();
  socket.receive({ type: 'ready', profileId: 'me', unreadMessages: 0 });
  expect(socket.sentOf('subscribe')).toEqual([{ type: 'subscribe', topic: 'feed' }]);

  await manager.refresh();
  expect(socket.sentOf('auth').map((m) => m.token)).toEqual(['token-1', 'token-2']);

  await manager.signOut();
  expect(socket.closedByClient).not.toBeNull();
  expect(client.getStatus()).toBe('idle');
});

it('after the server refuses an expired token, reconnects with the one a refresh brings', async () => {
  vi.useFakeTimers();
  const { manager } = setupManager(
    { [REFRESH]: [session('token-1'), session('token-2')] },
    { local: { [REMEMBER_FLAG]: '1' } },
  );
  await manager.start();
  realtimeClientFor(manager).subscribe('feed', { onEvent: vi.fn() });
  const first = FakeSocket.latest();
  first.open();
  first.receive({ type: 'ready', profileId: 'me', unreadMessages: 0 });

  first.closeFromServer(4401);
  await vi.advanceTimersByTimeAsync(2_000);
  const second = FakeSocket.latest();
  expect(second).not.toBe(first);
  second.open();
  expect(second.sentOf('auth')).toEqual([{ type: 'auth', token: 'token-2' }]);
});
