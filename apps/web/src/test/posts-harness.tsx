import type { FeedItem, FeedPage, Post } from '@arena/shared/post.schema';
import type { ProfileSummary } from '@arena/shared/profile.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

import { AuthProvider } from '../lib/session/session-context.tsx';
import { REMEMBER_FLAG } from '../lib/session/session-flags.ts';
import { SessionManager } from '../lib/session/session-manager.ts';
import { fakeApi, makeSession, memoryStorage } from './fake-api.ts';
import type { FakeReply } from './fake-api.ts';

/* Test-only: providers and sample data for the posts and feed components. */

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;

export function makeAuthor(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: uuid(),
    username: 'alice',
    fullName: 'Alice Striker',
    avatarUrl: null,
    verified: false,
    userType: 'player',
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: uuid(),
    author: makeAuthor(),
    content: 'Great win today!',
    mediaUrl: null,
    mediaType: null,
    mediaImage: null,
    video: null,
    sport: 'football',
    likesCount: 3,
    commentsCount: 0,
    repostsCount: 1,
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    editedAt: null,
    likedByMe: false,
    repostedByMe: false,
    followingAuthor: false,
    ...overrides,
  };
}

export function postItem(post: Post): FeedItem {
  return { key: `post:${post.id}`, kind: 'post', at: post.createdAt, repostedBy: null, post };
}

export function repostItem(post: Post, by: ProfileSummary): FeedItem {
  return {
    key: `repost:${uuid()}`,
    kind: 'repost',
    at: new Date().toISOString(),
    repostedBy: by,
    post,
  };
}

export function page(items: FeedItem[], nextCursor: string | null = null): FeedPage {
  return { items, nextCursor };
}

/**
 * A query cache, a session (signed in as jordan_23 when asked) and a router at `path`, against
 * a fake API that also stands in for the global fetch the API client uses.
 */
export function setupProviders({
  api = {},
  signedIn = true,
  path = '/',
}: {
  api?: Record<string, FakeReply[]>;
  signedIn?: boolean;
  path?: string;
} = {}) {
  const session = makeSession('token-1');
  const routes: Record<string, FakeReply[]> = {
    '/api/auth/sign-out': [{ status: 204 }],
    '/api/auth/refresh': [{ status: 200, body: session }],
    ...api,
  };
  const fake = fakeApi(routes);
  vi.stubGlobal('fetch', fake.fetch);
  const manager = new SessionManager({
    fetch: fake.fetch,
    storage: {
      local: memoryStorage(signedIn ? { [REMEMBER_FLAG]: '1' } : {}),
      session: memoryStorage(),
    },
    sleep: () => Promise.resolve(),
  });
  void manager.start();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AuthProvider manager={manager}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={children} />
              <Route path="/auth" element={<p>Sign-in screen</p>} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    );
  }
  return { api: fake, manager, queryClient, Wrapper, session };
}
