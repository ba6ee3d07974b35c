import { monitorEventLoopDelay } from 'node:perf_hooks';

import WebSocket from 'ws';

import type { BenchSample } from './sample.ts';
import { authHeaders, type Session } from './sessions.ts';
import { percentile } from './stats.ts';

export interface RealtimeOptions {
  url: string;
  sample: BenchSample['realtime'];
  /** Signed-in members, in the order of `sample.users`. */
  sessions: Session[];
  sockets: number;
  ratePerSecond: number;
  durationSeconds: number;
  /**
   * Where each member's socket opens and where a message to a member is posted (indexes into
   * `sample.users`); default `url` for both. A fleet uses it to make every delivery cross instances.
   */
  route?: { socketUrl(member: number): string; sendUrl(recipient: number): string };
}

export interface RealtimeResult {
  socketsOpen: number;
  socketFailures: number;
  subscriptions: number;
  sent: number;
  sendErrors: number;
  /** The failed sends by HTTP status, or by the error's cause when no response came. */
  sendFailures: Record<string, number>;
  /** Time for the API to accept a message (POST round trip). */
  sendP50: number;
  sendP99: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  /** How late this process's own event loop ran at the 99th percentile: the measuring error. */
  benchLoopDelayP99: number;
}

interface Listener {
  socket: WebSocket;
  session: Session;
  index: number;
}

const MARK = 'rt-bench:';

/** A frame's text; the server sends text frames, which ws hands over as one Buffer. */
export function text(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** Opens a socket, authenticates it and subscribes it to its topics; resolves when all are confirmed. */
export function openSocket(url: string, session: Session, topics: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { 'x-forwarded-for': session.ip },
    });
    const pending = new Set(topics);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('socket setup timed out'));
    }, 30_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: session.token })));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const onSetup = (data: WebSocket.RawData) => {
      const frame = JSON.parse(text(data)) as { type: string; topic?: string };
      if (frame.type === 'ready') {
        for (const topic of topics) socket.send(JSON.stringify({ type: 'subscribe', topic }));
      } else if (frame.type === 'subscribed' && frame.topic) {
        pending.delete(frame.topic);
      } else if (frame.type === 'refused') {
        clearTimeout(timer);
        reject(new Error(`subscription refused: ${frame.topic}`));
        return;
      }
      if (pending.size === 0) {
        clearTimeout(timer);
        socket.off('message', onSetup);
        resolve(socket);
      }
    };
    socket.on('message', onSetup);
  });
}

/**
 * `sockets` members connected to /api/realtime, each subscribed to its inbox and its
 * conversations; a sender posts messages through the API at a steady rate, alternating sides;
 * the latency is from just before the POST to the frame arriving on the other member's socket.
 */
export async function runRealtime(options: RealtimeOptions): Promise<RealtimeResult> {
  const { sample, sessions } = options;
  const topicsOf = sample.users.map((user) => [`inbox:${user.profileId}`]);
  for (const pair of sample.pairs) {
    topicsOf[pair.a]?.push(`conversation:${pair.conversationId}`);
    topicsOf[pair.b]?.push(`conversation:${pair.conversationId}`);
  }

  const listeners: Listener[] = [];
  let socketFailures = 0;
  const count = Math.min(options.sockets, sessions.length);
  let next = 0;
  const opener = async () => {
    while (next < count) {
      const index = next++;
      const session = sessions[index] as Session;
      try {
        const socketUrl = options.route?.socketUrl(index) ?? options.url;
        const socket = await openSocket(socketUrl, session, topicsOf[index] ?? []);
        listeners.push({ socket, session, index });
      } catch {
        socketFailures++;
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, opener));
  const subscriptions = listeners.reduce(
    (sum, listener) => sum + (topicsOf[listener.index]?.length ?? 0),
    0,
  );

  const sentAt = new Map<number, { at: number; sender: string }>();
  const deliveries: number[] = [];
  for (const { socket, session } of listeners) {
    socket.on('message', (data) => {
      const received = performance.now();
      const body = text(data);
      if (!body.includes(MARK)) return;
      const frame = JSON.parse(body) as {
        type: string;
        topic: string;
        message?: { content: string | null; senderId: string };
      };
      if (frame.type !== 'message.created' || !frame.topic.startsWith('conversation:')) return;
      const seq = Number(frame.message?.content?.slice(MARK.length));
      const sent = sentAt.get(seq);
      // Receipt on the other member's socket; the sender's own copy does not count.
      if (sent && sent.sender !== session.user.profileId) deliveries.push(received - sent.at);
    });
  }

  const live = new Set(listeners.map((listener) => listener.session.user.profileId));
  const pairs = sample.pairs.filter(
    (pair) =>
      live.has(sample.users[pair.a]?.profileId ?? '') &&
      live.has(sample.users[pair.b]?.profileId ?? ''),
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const sendTimes: number[] = [];
  let sent = 0;
  let sendErrors = 0;
  const sendFailures: Record<string, number> = {};
  const failed = (reason: string) => {
    sendErrors++;
    sendFailures[reason] = (sendFailures[reason] ?? 0) + 1;
  };
  const inFlight = new Set<Promise<void>>();
  const send = (seq: number) => {
    const pair = pairs[seq % pairs.length];
    if (!pair) return;
    const [sender, recipient] = seq % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
    const from = sessions[sender] as Session;
    const base = options.route?.sendUrl(recipient) ?? options.url;
    const started = performance.now();
    sentAt.set(seq, { at: started, sender: from.user.profileId });
    const request = fetch(`${base}/api/conversations/${pair.conversationId}/messages`, {
      method: 'POST',
      headers: { ...authHeaders(from), 'content-type': 'application/json' },
      body: JSON.stringify({ content: `${MARK}${seq}` }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 201) sendTimes.push(performance.now() - started);
        else failed(String(response.status));
      })
      .catch((error: unknown) => {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        failed(cause instanceof Error ? cause.message.slice(0, 60) : String(cause));
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  if (pairs.length > 0) {
    // A steady rate: every 5 ms, send whatever is due by the clock.
    const started = performance.now();
    const total = Math.round(options.ratePerSecond * options.durationSeconds);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.min(
          total,
          Math.floor(((performance.now() - started) / 1000) * options.ratePerSecond),
        );
        while (sent < due) send(sent++);
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    await Promise.all(inFlight);
    // Frames still on their way.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  loopDelay.disable();

  for (const { socket } of listeners) socket.terminate();
  const accepted = sendTimes.length;
  deliveries.sort((a, b) => a - b);
  sendTimes.sort((a, b) => a - b);
  return {
    socketsOpen: listeners.length,
    socketFailures,
    subscriptions,
    sent,
    sendErrors,
    sendFailures,
    sendP50: percentile(sendTimes, 50),
    sendP99: percentile(sendTimes, 99),
    delivered: deliveries.length,
    expected: accepted,
    p50: percentile(deliveries, 50),
    p99: percentile(deliveries, 99),
    max: deliveries.at(-1) ?? 0,
    benchLoopDelayP99: loopDelay.percentile(99) / 1e6,
  };
}
