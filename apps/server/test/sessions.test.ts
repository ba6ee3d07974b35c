import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Session } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { ActiveSession, ActiveSessionList } from '@arena/shared/sessions.schema';

import { buildApp } from '../src/app.ts';
import { refreshCookie, signUp, type SignedUp } from './fixtures.ts';
import {
  databaseKinds,
  describeEachDatabase,
  freshDatabase,
  testConfig,
  type TestContext,
} from './harness.ts';
import { connect, frameOf } from './realtime-client.ts';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** One signed-in device: its access token and refresh cookie. */
interface Device {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

function bearer(device: Device) {
  return { authorization: `Bearer ${device.accessToken}` };
}

function sessionIdOf(accessToken: string): string {
  const payload = JSON.parse(
    Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { sid: string };
  return payload.sid;
}

async function signInFrom(
  context: TestContext,
  user: SignedUp,
  userAgent: string,
  remoteAddress = '127.0.0.1',
): Promise<Device> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': userAgent },
    remoteAddress,
    payload: { email: user.input.email, password: user.input.password, remember: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  const accessToken = response.json<Session>().accessToken;
  return {
    accessToken,
    refreshToken: refreshCookie(response)!.value,
    sessionId: sessionIdOf(accessToken),
  };
}

function deviceOf(user: SignedUp): Device {
  return {
    accessToken: user.session.accessToken,
    refreshToken: user.refreshToken,
    sessionId: sessionIdOf(user.session.accessToken),
  };
}

describeEachDatabase('sessions', (context) => {
  const list = (device: Device) =>
    context().app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(device) });
  const listOf = async (device: Device) => {
    const response = await list(device);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActiveSessionList>().sessions;
  };
  const end = (device: Device, id: string) =>
    context().app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${id}`,
      headers: bearer(device),
    });
  const endOthers = (device: Device) =>
    context().app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(device) });
  const refresh = (device: Device, userAgent = CHROME_MAC) =>
    context().app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'user-agent': userAgent },
      cookies: { arena_refresh: device.refreshToken },
    });
  const whoAmI = (device: Device) =>
    context().app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(device) });

  it('lists every signed-in session with its device, address, times and which is this one', async () => {
    const user = await signUp(context());
    const first = deviceOf(user);
    const laptop = await signInFrom(context(), user, FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInFrom(context(), user, SAFARI_IPHONE, '198.51.100.23');

    const sessions = await listOf(laptop);
    expect(sessions).toHaveLength(3);
    // Most recently used first.
    expect(sessions.map((s) => s.id)).toEqual([phone.sessionId, laptop.sessionId, first.sessionId]);
    expect(sessions[0]).toMatchObject<Partial<ActiveSession>>({
      device: 'Safari on iPhone',
      mobile: true,
      ip: '198.51.100.23',
      remembered: false,
      current: false,
    });
    expect(sessions[1]).toMatchObject<Partial<ActiveSession>>({
      device: 'Firefox on Windows',
      mobile: false,
      ip: '203.0.113.7',
      current: true,
    });
    expect(sessions[2]).toMatchObject<Partial<ActiveSession>>({ remembered: true, current: false });
    expect((await listOf(phone)).filter((s) => s.current).map((s) => s.id)).toEqual([
      phone.sessionId,
    ]);

    // A refresh renews the session: last used moves, created stays, the device is the latest.
    const before = sessions[2]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renewed = await refresh(first, CHROME_MAC);
    expect(renewed.statusCode).toBe(200);
    const after = (await listOf(laptop)).find((s) => s.id === first.sessionId)!;
    expect(after.createdAt).toBe(before.createdAt);
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));
    expect(after.device).toBe('Chrome on macOS');
    expect((await listOf(laptop))[0]?.id).toBe(first.sessionId);
  });

  it('ends another session: its refresh, access token and live socket stop working at once', async () => {
    const user = await signUp(context());
    const mine = deviceOf(user);
    const other = await signInFrom(context(), user, SAFARI_IPHONE);
    const socket = await connect(context().app);
    socket.send({ type: 'auth', token: other.accessToken });
    await socket.next(frameOf('ready'));
    expect((await whoAmI(other)).statusCode).toBe(200);

    const ended = await end(mine, other.sessionId);
    expect(ended.statusCode).toBe(204);

    expect((await socket.closed).code).toBe(4401);
    const refused = await whoAmI(other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('unauthorized');
    const refreshed = await refresh(other);
    expect(refreshed.statusCode).toBe(401);
    const again = await connect(context().app);
    again.send({ type: 'auth', token: other.accessToken });
    expect((await again.closed).code).toBe(4401);

    expect((await listOf(mine)).map((s) => s.id)).toEqual([mine.sessionId]);
    expect((await whoAmI(mine)).statusCode).toBe(200);
    expect((await refresh(mine)).statusCode).toBe(200);
    // Already ended: there is nothing left to end.
    expect((await end(mine, other.sessionId)).statusCode).toBe(404);
  });

  it('refuses a token the server has seen many times (and remembers) as soon as its session ends', async () => {
    const user = await signUp(context());
    const mine = deviceOf(user);
    const other = await signInFrom(context(), user, FIREFOX_WINDOWS);
    const profile = (device: Device) =>
      context().app.inject({
        method: 'GET',
        url: `/api/profiles/${user.input.username}`,
        headers: bearer(device),
      });
    // Verified once, then answered from the server's memory of verified tokens.
    for (let i = 0; i < 3; i++) {
      expect((await whoAmI(other)).statusCode).toBe(200);
      expect((await profile(other)).statusCode).toBe(200);
    }

    expect((await end(mine, other.sessionId)).statusCode).toBe(204);

    // Routes that require a member and routes that only identify one both refuse it.
    expect((await whoAmI(other)).statusCode).toBe(401);
    const identified = await profile(other);
    expect(identified.statusCode).toBe(401);
    expect(identified.json()).toEqual({
      error: { code: 'unauthorized', message: MESSAGES.auth.sessionExpired },
    });
    expect((await whoAmI(mine)).statusCode).toBe(200);
  });

  it("does not let another user see or end someone's sessions", async () => {
    const owner = await signUp(context());
    const ownerDevice = deviceOf(owner);
    const stranger = deviceOf(await signUp(context()));

    expect((await listOf(stranger)).map((s) => s.id)).toEqual([stranger.sessionId]);
    const response = await end(stranger, ownerDevice.sessionId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: MESSAGES.sessions.notFound },
    });
    // Signing out others ends only the caller's own.
    expect((await endOthers(stranger)).json()).toEqual({ ended: 0 });

    expect((await whoAmI(ownerDevice)).statusCode).toBe(200);
    expect((await refresh(ownerDevice)).statusCode).toBe(200);
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await signUp(context());
    const first = deviceOf(user);
    const second = await signInFrom(context(), user, FIREFOX_WINDOWS);
    const third = await signInFrom(context(), user, SAFARI_IPHONE);
    const bystander = deviceOf(await signUp(context()));

    const response = await endOthers(second);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });

    for (const device of [first, third]) {
      expect((await whoAmI(device)).statusCode).toBe(401);
      expect((await refresh(device)).statusCode).toBe(401);
    }
    expect((await listOf(second)).map((s) => s.id)).toEqual([second.sessionId]);
    expect((await refresh(second)).statusCode).toBe(200);
    expect((await whoAmI(bystander)).statusCode).toBe(200);
    expect((await endOthers(second)).json()).toEqual({ ended: 0 });
  });

  it('ending the current session signs it out', async () => {
    const user = await signUp(context());
    const device = deviceOf(user);
    expect((await end(device, device.sessionId)).statusCode).toBe(204);
    expect((await whoAmI(device)).statusCode).toBe(401);
    expect((await refresh(device)).statusCode).toBe(401);
    expect((await list(device)).statusCode).toBe(401);
  });

  it('signing out, or replaying a spent refresh token, also ends the access token at once', async () => {
    const user = await signUp(context());
    const signedOut = await signInFrom(context(), user, FIREFOX_WINDOWS);
    const out = await context().app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { arena_refresh: signedOut.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await whoAmI(signedOut)).statusCode).toBe(401);

    const stolen = await signInFrom(context(), user, SAFARI_IPHONE);
    const rotated = await refresh(stolen);
    const next = rotated.json<Session>().accessToken;
    expect((await refresh(stolen)).statusCode).toBe(401); // the spent token comes back
    expect((await whoAmI({ ...stolen, accessToken: next })).statusCode).toBe(401);
    expect((await whoAmI(deviceOf(user))).statusCode).toBe(200);
  });

  it('refuses callers without a token, and ids that are not session ids', async () => {
    const device = deviceOf(await signUp(context()));
    const anonymous = await context().app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousEnd = await context().app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
    });
    expect(anonymousEnd.statusCode).toBe(401);
    expect((await end(device, 'not-a-session')).statusCode).toBe(400);
    expect((await end(device, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('a second instance on the same database refuses an ended session on the sessions routes, and a new one everywhere', async () => {
    const user = await signUp(context());
    const mine = deviceOf(user);
    const other = await signInFrom(context(), user, FIREFOX_WINDOWS);
    // An instance that does not hear this one's bus (a lost notification).
    const deaf = await buildApp(testConfig({ dataDir: context().dataDir }), {
      database: context().database,
      logger: false,
    });
    try {
      expect((await end(mine, other.sessionId)).statusCode).toBe(204);
      const sensitive = await deaf.inject({
        method: 'GET',
        url: '/api/auth/sessions',
        headers: bearer(other),
      });
      expect(sensitive.statusCode).toBe(401);
      const endAll = await deaf.inject({
        method: 'DELETE',
        url: '/api/auth/sessions',
        headers: bearer(other),
      });
      expect(endAll.statusCode).toBe(401);
      expect((await whoAmI(mine)).statusCode).toBe(200);
    } finally {
      await deaf.close();
    }
    // An instance started after the session ended loads it and refuses its token everywhere.
    const late = await buildApp(testConfig({ dataDir: context().dataDir }), {
      database: context().database,
      logger: false,
    });
    try {
      const response = await late.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: bearer(other),
      });
      expect(response.statusCode).toBe(401);
      const kept = await late.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: bearer(mine),
      });
      expect(kept.statusCode).toBe(200);
    } finally {
      await late.close();
    }
  });
});

describe.runIf(databaseKinds.includes('postgres'))('sessions across two instances', () => {
  it('a session ended through instance A is refused at once by instance B and its socket closed', async () => {
    const fresh = await freshDatabase('postgres');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-sessions-'));
    const config = testConfig({ databaseUrl: fresh.url, dataDir });
    const instanceA = await buildApp(config, { logger: false });
    const instanceB = await buildApp(config, { logger: false });
    try {
      const contextA = {
        app: instanceA,
        database: fresh.database,
        kind: 'postgres' as const,
        dataDir,
      };
      const contextB = { ...contextA, app: instanceB };
      const user = await signUp(contextA);
      const mine = deviceOf(user);
      const other = await signInFrom(contextB, user, SAFARI_IPHONE);
      const socket = await connect(instanceB);
      socket.send({ type: 'auth', token: other.accessToken });
      await socket.next(frameOf('ready'));

      const ended = await instanceA.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${other.sessionId}`,
        headers: bearer(mine),
      });
      expect(ended.statusCode).toBe(204);
      expect((await socket.closed).code).toBe(4401);
      const refused = await instanceB.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: bearer(other),
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await instanceA.close();
      await instanceB.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
