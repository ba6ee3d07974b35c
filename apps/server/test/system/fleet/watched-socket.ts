import WebSocket from 'ws';

import type { ServerFrame, Topic } from '@arena/shared/realtime';

/** A realtime connection to one instance that keeps every frame it hears, and how it closed. */
interface WatchedSocket {
  frames: ServerFrame[];
  /** Resolves with the first frame (heard already or coming) that `match` accepts. */
  next(match: (frame: ServerFrame) => boolean, ms?: number): Promise<ServerFrame>;
  closed: Promise<number>;
  close(): void;
}

/** Connects to `base`, authenticates with `token` and subscribes `topics`; resolves once all are. */
export async function watchSocket(
  base: string,
  token: string,
  topics: Topic[],
): Promise<WatchedSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`);
  const frames: ServerFrame[] = [];
  const wakers = new Set<() => void>();
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as ServerFrame);
    for (const wake of wakers) wake();
  });

  const next = (match: (frame: ServerFrame) => boolean, ms = 5_000) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (!found) return;
        wakers.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        wakers.delete(check);
        reject(new Error(`no such frame within ${ms} ms; heard ${JSON.stringify(frames)}`));
      }, ms);
      wakers.add(check);
      check();
    });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token }));
      resolve();
    });
  });
  await next((frame) => frame.type === 'ready');
  for (const topic of topics) {
    socket.send(JSON.stringify({ type: 'subscribe', topic }));
    await next((frame) => frame.type === 'subscribed' && frame.topic === topic);
  }
  return { frames, next, closed, close: () => socket.close(1000, 'done') };
}
