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
}

async function call<T>(
  base: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; body?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : (init.body ?? null),
    });
  } catch (error) {
    throw new ApiFailure(0, `${path}: no answer (${String((error as Error).cause ?? error)})`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiFailure(response.status, `${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
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
  };
  const session = await call<Session>(base, '/api/auth/sign-up', { json: input });
  return {
    email: input.email,
    username: input.username,
    password: input.password,
    accessToken: session.accessToken,
    profileId: session.profile.id,
  };
}

export async function openConversation(base: string, from: Member, to: Member): Promise<string> {
  const conversation = await call<{ id: string }>(base, '/api/conversations', {
    token: from.accessToken,
    json: { username: to.username },
  });
  return conversation.id;
}

export function createPost(base: string, member: Member, content: string, mediaId?: string) {
  return call<{ id: string; content: string; mediaUrl: string | null }>(base, '/api/posts', {
    token: member.accessToken,
    json: { content, sport: 'football', ...(mediaId ? { mediaId } : {}) },
  });
}

export function sendMessage(base: string, member: Member, conversationId: string, content: string) {
  return call<{ id: string; content: string }>(
    base,
    `/api/conversations/${conversationId}/messages`,
    { token: member.accessToken, json: { content } },
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
    token: member.accessToken,
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
      { token: member.accessToken },
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
