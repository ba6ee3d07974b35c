import type { ClientMessage, ServerFrame, Topic } from '@arena/shared/realtime';
import { REALTIME, REALTIME_CLOSE } from '@arena/shared/realtime';

import { DEFAULT_BACKOFF, reconnectDelay } from './realtime-backoff.ts';
import type { Backoff } from './realtime-backoff.ts';
import { readServerFrame } from './realtime-frames.ts';
import { Heartbeat } from './realtime-heartbeat.ts';
import { TopicRegistry } from './realtime-topics.ts';
import type { RealtimeSubscriber } from './realtime-topics.ts';
import { watchWakeUps } from './realtime-wake.ts';
import type { RealtimeEnvironment } from './realtime-wake.ts';

/**
 * 'idle' before the first connection (or once signed out), 'connecting' until the first socket
 * is ready, 'online' while one is, 'reconnecting' after it dropped until a new one is ready.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'online' | 'reconnecting';

/** Where the socket gets its access token (the session manager, in the app). */
export interface RealtimeAuth {
  /** The current access token; null while nobody is signed in. */
  getToken: () => string | null;
  /** Called back on every change of session: sign-in, refresh, sign-out. */
  subscribe: (listener: () => void) => () => void;
  /** Renews the token after the server refused ours; `subscribe`'s listeners hear the outcome. */
  refresh: () => Promise<unknown>;
}

export interface RealtimeClientOptions {
  url: () => string;
  createSocket: (url: string) => WebSocket;
  auth: RealtimeAuth;
  environment?: RealtimeEnvironment | null;
  random?: () => number;
  backoff?: Backoff;
  /** How often the client pings the server. */
  heartbeatMs?: number;
  /** How long without any frame after a ping before the socket counts as dead. */
  pongTimeoutMs?: number;
}

/** The server's 'ready' frame. */
export type Greeting = Extract<ServerFrame, { type: 'ready' }>;

const OPEN = 1;

/**
 * The app's one WebSocket to `/api/realtime`. It authenticates with the current access token
 * (and again after every refresh), subscribes the topics its subscribers ask for once the server
 * is ready, pings to notice a dead connection, and reconnects with backoff and jitter after a
 * drop, or at once when the tab wakes up or the network returns. After a reconnect it subscribes
 * again and calls each subscriber's `onResync`, since events sent meanwhile are lost.
 */
export class RealtimeClient {
  private readonly topics = new TopicRegistry();
  private readonly statusListeners = new Set<() => void>();
  private readonly greetingListeners = new Set<(greeting: Greeting) => void>();
  private status: RealtimeStatus = 'idle';
  private started = false;
  private running = false;
  private socket: WebSocket | null = null;
  /** The server answered 'ready' on the current socket. */
  private ready = false;
  /** A socket was ready before in this session: the next 'ready' is a reconnect. */
  private wasReady = false;
  private sentToken: string | null = null;
  private attempt = 0;
  private pendingResync = new Set<Topic>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly heartbeat: Heartbeat;

  private readonly options: Required<Omit<RealtimeClientOptions, 'environment'>> & {
    environment: RealtimeEnvironment | null;
  };

  constructor(options: RealtimeClientOptions) {
    this.options = {
      random: Math.random,
      backoff: DEFAULT_BACKOFF,
      heartbeatMs: REALTIME.heartbeatMs,
      pongTimeoutMs: 10_000,
      environment: null,
      ...options,
    };
    this.heartbeat = new Heartbeat({
      intervalMs: this.options.heartbeatMs,
      timeoutMs: this.options.pongTimeoutMs,
      ping: () => this.send({ type: 'ping' }),
      onSilence: () => this.drop(),
    });
  }

  getStatus = (): RealtimeStatus => this.status;

  onStatusChange = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /**
   * Hears the server's greeting ('ready') at every (re)authentication: who you are, and state
   * that screens would otherwise ask for over HTTP (the unread count). Returns how to stop.
   */
  onGreeting = (listener: (greeting: Greeting) => void): (() => void) => {
    this.greetingListeners.add(listener);
    return () => this.greetingListeners.delete(listener);
  };

  /** Listens to `topic`; returns how to stop. The first subscriber starts the connection. */
  subscribe(topic: Topic, subscriber: RealtimeSubscriber): () => void {
    this.start();
    if (this.topics.add(topic, subscriber) && this.ready) this.send({ type: 'subscribe', topic });
    return () => {
      if (!this.topics.remove(topic, subscriber)) return;
      this.pendingResync.delete(topic);
      if (this.ready) this.send({ type: 'unsubscribe', topic });
    };
  }

  /**
   * Follows the session from now on, for the life of the page: connected while signed in,
   * closed while signed out.
   */
  private start(): void {
    if (this.started) return;
    this.started = true;
    this.options.auth.subscribe(() => this.syncWithSession());
    const env = this.options.environment;
    if (env) watchWakeUps(env, { onWake: () => this.wake(), onOffline: () => this.drop() });
    this.syncWithSession();
  }

  private syncWithSession(): void {
    const token = this.options.auth.getToken();
    if (token === null) {
      if (this.running) this.stop();
      return;
    }
    if (!this.running) {
      this.running = true;
      this.connect();
      return;
    }
    // A refreshed token: the server keeps the socket open past the old one's expiry only if told.
    if (this.socket?.readyState === OPEN && this.sentToken !== null && token !== this.sentToken) {
      this.sentToken = token;
      this.send({ type: 'auth', token });
    }
  }

  private connect(): void {
    this.clearReconnect();
    this.discardSocket();
    this.setStatus(this.wasReady ? 'reconnecting' : 'connecting');
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      const token = this.options.auth.getToken();
      if (token === null) {
        this.stop();
        return;
      }
      this.sentToken = token;
      this.send({ type: 'auth', token });
      this.heartbeat.start();
    };
    socket.onmessage = (message: MessageEvent) => {
      if (socket !== this.socket) return;
      this.heartbeat.heard();
      this.receive(message.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (socket !== this.socket) return;
      const refused = this.sentToken;
      this.discardSocket();
      if (!this.running) return;
      // The token was missing, invalid or expired.
      if (event.code === REALTIME_CLOSE.unauthorized) void this.reauthenticate(refused);
      // Any other close, a draining server's 1012 (restarting) included: back soon, jittered so
      // that the tabs of a stopped instance spread over the others rather than arrive at once.
      else this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    const frame = readServerFrame(data);
    if (!frame) return;
    switch (frame.type) {
      case 'ready':
        if (!this.ready) this.onReady();
        for (const listener of this.greetingListeners) listener(frame);
        return;
      case 'subscribed':
        if (this.pendingResync.delete(frame.topic)) this.topics.resync(frame.topic);
        return;
      case 'refused':
        this.pendingResync.delete(frame.topic);
        console.warn(`Realtime: not allowed to listen to ${frame.topic}`);
        return;
      case 'pong':
        return;
      case 'error':
        console.warn(`Realtime: ${frame.message}`);
        return;
      case 'message.created':
      case 'message.updated':
      case 'video.changed':
      case 'messages.read':
      case 'message.requested':
      case 'conversation.updated':
      case 'comment.created':
      case 'comment.deleted':
      case 'post.created':
      case 'post.reposted':
      case 'post.edited':
      case 'post.deleted':
      case 'profile.updated':
      case 'notifications.changed':
      case 'application.changed':
        this.topics.dispatch(frame);
        return;
    }
  }

  private onReady(): void {
    this.ready = true;
    this.attempt = 0;
    if (this.wasReady) this.pendingResync = new Set(this.topics.topics());
    this.wasReady = true;
    for (const topic of this.topics.topics()) this.send({ type: 'subscribe', topic });
    this.setStatus('online');
  }

  /**
   * The server refused our token: take a fresh one (unless a refresh already brought it). A
   * session that ends meanwhile stops the client through the session listener; one whose refresh
   * merely failed for now (server unreachable) is retried with the usual backoff.
   */
  private async reauthenticate(refused: string | null): Promise<void> {
    this.setStatus(this.wasReady ? 'reconnecting' : 'connecting');
    const current = this.options.auth.getToken();
    if (current === null || current === refused) await this.options.auth.refresh();
    // Meanwhile the session may have ended, or a wake-up may have connected already.
    if (!this.running || this.socket !== null) return;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running || this.socket !== null || this.reconnectTimer !== null) return;
    this.setStatus(this.wasReady ? 'reconnecting' : 'connecting');
    const delay = reconnectDelay(this.attempt, this.options.backoff, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** The tab became visible or the network came back: check the socket, or reconnect now. */
  private wake(): void {
    if (!this.running) return;
    if (this.ready) {
      this.heartbeat.probe();
    } else {
      // Waiting to retry, or mid-attempt on a network that was down: try again now.
      this.attempt = 0;
      this.connect();
    }
  }

  /** The socket is dead (no answer to a ping, or the browser went offline): drop it, retry. */
  private drop(): void {
    if (!this.running || this.socket === null) return;
    this.discardSocket();
    this.scheduleReconnect();
  }

  private stop(): void {
    this.running = false;
    this.clearReconnect();
    this.discardSocket();
    this.wasReady = false;
    this.attempt = 0;
    this.pendingResync.clear();
    this.setStatus('idle');
  }

  private discardSocket(): void {
    this.heartbeat.stop();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.sentToken = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    if (socket.readyState <= OPEN) socket.close(1000, 'done');
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}
