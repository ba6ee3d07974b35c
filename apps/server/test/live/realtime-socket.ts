import WebSocket from 'ws';

import type { ClientMessage, ServerFrame, Topic } from '@arena/shared/realtime';

/**
 * A realtime client of the real server over a real WebSocket: authenticates, subscribes, counts
 * the events it hears, and reports every close it did not ask for and every error frame.
 */
export class LiveSocket {
  events = 0;
  private socket: WebSocket | null = null;
  private closing = false;

  constructor(
    private readonly base: string,
    private readonly token: () => string,
    private readonly topics: Topic[],
    private readonly onProblem: (problem: string) => void,
  ) {}

  /** Connects, authenticates and subscribes; resolves once every topic is confirmed. */
  async open(): Promise<void> {
    this.closing = false;
    const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/realtime`);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      const pending = new Set<string>(this.topics);
      const timer = setTimeout(() => reject(new Error('realtime: not ready within 10 s')), 10_000);
      socket.on('open', () => this.send({ type: 'auth', token: this.token() }));
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString('utf8')) as ServerFrame;
        switch (frame.type) {
          case 'ready':
            if (pending.size === 0) resolve();
            for (const topic of this.topics) this.send({ type: 'subscribe', topic });
            return;
          case 'subscribed':
            pending.delete(frame.topic);
            if (pending.size === 0) {
              clearTimeout(timer);
              resolve();
            }
            return;
          case 'refused':
          case 'error':
            this.onProblem(`realtime: ${JSON.stringify(frame)}`);
            return;
          case 'pong':
            return;
          case 'application.changed':
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
            this.events += 1;
            return;
        }
      });
      socket.on('close', (code, reason) => {
        clearTimeout(timer);
        if (!this.closing)
          this.onProblem(`realtime: closed by the server (${code} ${String(reason)})`);
      });
    });
  }

  /** Sends the current access token again, as the web app does after a refresh. */
  reauthenticate(): void {
    this.send({ type: 'auth', token: this.token() });
  }

  ping(): void {
    this.send({ type: 'ping' });
  }

  async close(): Promise<void> {
    this.closing = true;
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close(1000, 'done');
    });
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
