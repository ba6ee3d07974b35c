import type { ClientMessage, ServerFrame } from '@arena/shared/realtime';

import type { RealtimeAuth } from '../lib/realtime/realtime-client.ts';

/**
 * A WebSocket double for the realtime client's tests: it records what the client sends, and the
 * test plays the server (`open`, `receive`, `closeFromServer`).
 */
export class FakeSocket {
  static readonly instances: FakeSocket[] = [];

  readyState = 0;
  readonly sent: ClientMessage[] = [];
  closedByClient: { code?: number } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  static reset(): void {
    FakeSocket.instances.length = 0;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(code?: number): void {
    this.closedByClient = { code };
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(frame: ServerFrame): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  closeFromServer(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** What the client sent of one type, e.g. every 'subscribe'. */
  sentOf<T extends ClientMessage['type']>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.sent.filter(
      (message): message is Extract<ClientMessage, { type: T }> => message.type === type,
    );
  }
}

/** A session whose token the test changes, as the session manager would on a refresh. */
export function fakeAuth(initial: string | null) {
  let token = initial;
  const listeners = new Set<() => void>();
  const refreshResults: (string | null)[] = [];
  const auth: RealtimeAuth = {
    getToken: () => token,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: () => {
      const next = refreshResults.length > 0 ? (refreshResults.shift() ?? null) : token;
      setToken(next);
      return Promise.resolve(next);
    },
  };
  function setToken(next: string | null) {
    token = next;
    for (const listener of [...listeners]) listener();
  }
  return { auth, setToken, refreshResults };
}
