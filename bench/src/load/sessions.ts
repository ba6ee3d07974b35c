import { SEED_PASSWORD } from '../seed/seed.ts';
import type { BenchUser } from './sample.ts';

/** A signed-in member: the access token, and the address its requests come from. */
export interface Session {
  user: BenchUser;
  token: string;
  /** Sent as X-Forwarded-For (the server trusts the proxy header): one client address per member. */
  ip: string;
  signedInAt: number;
}

/** Access tokens live 15 minutes; sessions older than this are signed in again before use. */
const FRESH_MS = 10 * 60 * 1000;

export function ipFor(index: number) {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

const byEmail = new Map<string, Session>();
let nextAddress = 1;

async function signIn(url: string, user: BenchUser): Promise<Session> {
  const known = byEmail.get(user.email);
  const ip = known?.ip ?? ipFor(nextAddress++);
  const response = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email: user.email, password: SEED_PASSWORD, remember: false }),
  });
  if (!response.ok) {
    throw new Error(`Sign-in of ${user.email} failed: ${response.status} ${await response.text()}`);
  }
  const body = (await response.json()) as { accessToken: string };
  const session = { user, token: body.accessToken, ip, signedInAt: Date.now() };
  byEmail.set(user.email, session);
  return session;
}

/**
 * Signs the members in through the API (argon2 and all), a few at a time, reusing sessions
 * that are still fresh.
 */
export async function signInAll(
  url: string,
  users: BenchUser[],
  concurrency = 4,
): Promise<Session[]> {
  const sessions = new Array<Session>(users.length);
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const index = next++;
      const user = users[index] as BenchUser;
      const known = byEmail.get(user.email);
      sessions[index] =
        known && Date.now() - known.signedInAt < FRESH_MS ? known : await signIn(url, user);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sessions;
}

export function authHeaders(session: Session): Record<string, string> {
  return { authorization: `Bearer ${session.token}`, 'x-forwarded-for': session.ip };
}
