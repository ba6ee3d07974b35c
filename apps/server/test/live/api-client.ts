import sharp from 'sharp';

import type { Session } from '@arena/shared/auth.schema';

/**
 * A minimal HTTP client of the real server for the durability and soak runs: signs up members
 * and makes the writes the load is made of. Every failure is an `ApiFailure` carrying the
 * status (0 when no answer came), so the caller can tell a clean refusal from a broken server.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Member {
  email: string;
  username: string;
  password: string;
  accessToken: string;
  profileId: string;
  /** The refresh cookie's value; rotated by `refreshMember`. */
  refreshToken: string;
  /**
   * The address the member's requests say they come from (`X-Forwarded-For`), one of their own:
   * a server behind a balancer (TRUST_PROXY) counts each member's per-IP limits apart, as it
   * would real clients. A server that trusts no proxy ignores it.
   */
  address: string;
}

interface CallInit {
  method?: string;
  token?: string;
  json?: unknown;
  body?: FormData;
  cookie?: string;
  address?: string;
}

/** A made-up client address in 10.0.0.0/8. */
export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `10.${byte()}.${byte()}.${byte()}`;
}

const as = (member: Member) => ({ token: member.accessToken, address: member.address });

async function send(base: string, path: string, init: CallInit): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.address) headers['x-forwarded-for'] = init.address;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  try {
    return await fetch(`${base}${path}`, {
      method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : (init.body ?? null),
    });
  } catch (error) {
    throw new ApiFailure(0, `${path}: no answer (${String((error as Error).cause ?? error)})`);
  }
}

async function call<T>(base: string, path: string, init: CallInit = {}): Promise<T> {
  const response = await send(base, path, init);
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiFailure(response.status, `${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Calls the API and discards the answer (reads whose body the caller does not need). */
export async function hit(base: string, path: string, init: CallInit = {}): Promise<void> {
  await call<unknown>(base, path, init);
}

function refreshCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('arena_refresh='));
  if (!cookie) throw new ApiFailure(response.status, 'no refresh cookie in the answer');
  return cookie.slice('arena_refresh='.length).split(';')[0] ?? '';
}

let counter = 0;

export async function signUpMember(base: string, tag: string): Promise<Member> {
  counter += 1;
  const id = `${tag}${counter}${Math.random().toString(36).slice(2, 7)}`.slice(0, 24);
  const input = {
    fullName: `Load ${id}`,
    username: `l_${id}`,
    email: `${id}@load.test`,
    password: 'correct-horse-42',
    userType: 'player',
    // An adult: a player without a birthdate is refused at sign-up.
    birthdate: '1990-05-15',
  };
  const address = randomAddress();
  const response = await send(base, '/api/auth/sign-up', { json: input, address });
  if (response.status !== 201)
    throw new ApiFailure(response.status, `sign-up: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as Session;
  return {
    email: input.email,
    username: input.username,
    password: input.password,
    accessToken: session.accessToken,
    profileId: session.profile.id,
    refreshToken: refreshCookieOf(response),
    address,
  };
}

/** Rotates the member's refresh token for a new access token, as the web app does. */
export async function refreshMember(base: string, member: Member): Promise<void> {
  const response = await send(base, '/api/auth/refresh', {
    method: 'POST',
    cookie: `arena_refresh=${member.refreshToken}`,
    address: member.address,
  });
  if (!response.ok)
    throw new ApiFailure(response.status, `refresh: ${response.status} ${await response.text()}`);
  member.accessToken = ((await response.json()) as Session).accessToken;
  member.refreshToken = refreshCookieOf(response);
}

export async function openConversation(base: string, from: Member, to: Member): Promise<string> {
  const conversation = await call<{ id: string }>(base, '/api/conversations', {
    ...as(from),
    json: { username: to.username },
  });
  return conversation.id;
}

export function createPost(base: string, member: Member, content: string, mediaId?: string) {
  return call<{ id: string; content: string; mediaUrl: string | null }>(base, '/api/posts', {
    ...as(member),
    json: { content, sport: 'football', ...(mediaId ? { mediaId } : {}) },
  });
}

export function addComment(base: string, member: Member, postId: string, content: string) {
  return call<{ id: string }>(base, `/api/posts/${postId}/comments`, {
    ...as(member),
    json: { content },
  });
}

export function setLiked(base: string, member: Member, postId: string, liked: boolean) {
  return call<unknown>(base, `/api/posts/${postId}/like`, {
    method: liked ? 'PUT' : 'DELETE',
    ...as(member),
  });
}

export function sendMessage(base: string, member: Member, conversationId: string, content: string) {
  return call<{ id: string; content: string }>(
    base,
    `/api/conversations/${conversationId}/messages`,
    { ...as(member), json: { content } },
  );
}

let tinyPng: Promise<Buffer> | undefined;

/** Uploads a small PNG for a post; returns the upload's id and public URL. */
export async function uploadPhoto(base: string, member: Member) {
  tinyPng ??= sharp({
    create: { width: 24, height: 16, channels: 3, background: '#1d4ed8' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await tinyPng)], { type: 'image/png' }), 'p.png');
  return call<{ id: string; url: string }>(base, '/api/media', {
    ...as(member),
    body: form,
  });
}

export function getPost(base: string, id: string, token?: string) {
  return call<{ id: string; content: string; mediaUrl: string | null }>(
    base,
    `/api/posts/${id}`,
    token ? { token } : {},
  );
}

/** Every message id of a conversation, through all its pages. */
export async function allMessageIds(base: string, member: Member, conversationId: string) {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=50&cursor=${encodeURIComponent(cursor)}` : '?limit=50';
    const page: { items: { id: string }[]; nextCursor: string | null } = await call(
      base,
      `/api/conversations/${conversationId}/messages${query}`,
      as(member),
    );
    for (const item of page.items) ids.add(item.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

export async function fileStatus(base: string, url: string): Promise<number> {
  const response = await fetch(`${base}${url}`).catch(() => null);
  await response?.arrayBuffer().catch(() => undefined);
  return response?.status ?? 0;
}
