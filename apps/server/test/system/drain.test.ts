import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { REALTIME_CLOSE } from '@arena/shared/realtime';

import { signUpMember } from '../live/api-client.ts';
import { type ServerProcess, startServer } from '../live/server-process.ts';

/**
 * SIGTERM drains the server: readiness turns false at once, no new connection is taken, a
 * request in flight is finished, live sockets hear 1012 (reconnect elsewhere), and the process
 * exits within 10 s.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-drain-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The HTTP/1.1 responses read from a raw connection, in order. */
function responsesIn(raw: string): { status: number; body: string }[] {
  return raw
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((part) => part.startsWith('HTTP/1.1 '))
    .map((part) => ({
      status: Number(part.slice(9, 12)),
      body: part.slice(part.indexOf('\r\n\r\n') + 4),
    }));
}

function openRaw(port: number): Promise<{ socket: Socket; received: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    const received = new Promise<string>((done) => socket.on('close', () => done(raw)));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received }));
  });
}

/** Whether a new connection to the port is refused now. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('draining on SIGTERM', () => {
  it('finishes a request in flight, answers not ready, closes sockets with 1012 and exits within 10 s', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const { base, child } = server;
    const port = Number(new URL(base).port);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { process: 'serving' } });

    const member = await signUpMember(base, 'drain');
    const live = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`);
    const closed = new Promise<number>((resolve) => live.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      live.once('error', reject);
      live.once('open', () =>
        live.send(JSON.stringify({ type: 'auth', token: member.accessToken })),
      );
      live.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString('utf8')) as { type: string }).type === 'ready') resolve();
      });
    });

    // A post whose body is still arriving when the signal comes: the server has taken it.
    const body = JSON.stringify({ content: 'sent across a restart', sport: 'football' });
    const slow = await openRaw(port);
    slow.socket.write(
      `POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${member.accessToken}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await closed).toBe(REALTIME_CLOSE.restarting);
    expect(await waitUntil(() => refusesConnections(port), 3_000)).toBe(true);

    // The rest of the body, and a readiness check behind it on the same connection.
    slow.socket.write(
      `${body.slice(10)}GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    );
    const [post, readiness] = responsesIn(await slow.received);
    expect(post?.status, post?.body).toBe(201);
    expect(JSON.parse(post!.body)).toMatchObject({ content: 'sent across a restart' });
    expect(readiness?.status).toBe(503);
    expect(JSON.parse(readiness!.body)).toEqual({
      error: { code: 'unavailable', message: 'Not ready: shutting down' },
      checks: { database: 'ok', redis: 'off', storage: 'ok', process: 'shutting down' },
    });

    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(10_000);
  });
});
