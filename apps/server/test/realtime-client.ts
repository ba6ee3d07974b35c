import type { FastifyInstance } from 'fastify';

import type { ClientMessage, ServerFrame } from '@arena/shared/realtime';

/** A test client on `/api/realtime` that records every frame it receives. */
export interface TestSocket {
  socket: Awaited<ReturnType<FastifyInstance['injectWS']>>;
  frames: ServerFrame[];
  send(message: ClientMessage): void;
  /** Resolves with the first frame (already received or coming) that matches. */
  next<T extends ServerFrame>(
    match: (frame: ServerFrame) => frame is T,
    timeoutMs?: number,
  ): Promise<T>;
  closed: Promise<{ code: number; reason: string }>;
}

export async function connect(app: FastifyInstance): Promise<TestSocket> {
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  const socket = await app.injectWS('/api/realtime');
  socket.on('message', (data) => {
    frames.push(JSON.parse((data as Buffer).toString('utf8')) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    socket,
    frames,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

export const frameOf =
  <K extends ServerFrame['type']>(type: K) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: K }> =>
    frame.type === type;

/** A socket signed in as `user`, once the server said it is ready. */
export async function authed(app: FastifyInstance, user: { session: { accessToken: string } }) {
  const client = await connect(app);
  client.send({ type: 'auth', token: user.session.accessToken });
  await client.next(frameOf('ready'));
  return client;
}
