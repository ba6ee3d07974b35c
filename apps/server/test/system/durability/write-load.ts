import { expect } from 'vitest';

import {
  allMessageIds,
  ApiFailure,
  createPost,
  fileStatus,
  getPost,
  type Member,
  openConversation,
  sendMessage,
  signUpMember,
  uploadPhoto,
} from '../../live/api-client.ts';

/** A write the server acknowledged with a 2xx: it must survive whatever happens next. */
export type Acknowledged = { at: number } & (
  | { kind: 'post'; id: string; content: string; mediaUrl: string | null }
  | { kind: 'message'; id: string; conversationId: string }
);

/** The members writing, paired into conversations. */
export interface Cast {
  members: Member[];
  /** conversation id → the member who writes in it. */
  conversations: { id: string; writer: Member; reader: Member }[];
}

export async function castOf(base: string, pairs: number, tag: string): Promise<Cast> {
  const members: Member[] = [];
  for (let i = 0; i < pairs * 2; i += 1) members.push(await signUpMember(base, tag));
  const conversations: Cast['conversations'] = [];
  for (let i = 0; i < pairs; i += 1) {
    const writer = members[i * 2]!;
    const reader = members[i * 2 + 1]!;
    conversations.push({ id: await openConversation(base, writer, reader), writer, reader });
    conversations.push({ id: conversations.at(-1)!.id, writer: reader, reader: writer });
  }
  return { members, conversations };
}

export interface LoadResult {
  acknowledged: Acknowledged[];
  /** Requests that got an answer other than 2xx, by status (0: no answer at all). */
  failures: Map<number, number>;
  /** The first few failure messages, for a readable assertion. */
  samples: string[];
}

/**
 * One client per conversation writer, each sending posts (every fifth with a photo) and
 * messages one after another until `stop` resolves or the server stops answering. Records
 * every acknowledged write.
 */
export function runWriteLoad(base: string, cast: Cast, tag: string) {
  const result: LoadResult = { acknowledged: [], failures: new Map(), samples: [] };
  let stopped = false;
  let consecutiveFailures = 0;

  const fail = (error: unknown) => {
    const status = error instanceof ApiFailure ? error.status : -1;
    result.failures.set(status, (result.failures.get(status) ?? 0) + 1);
    if (result.samples.length < 10) result.samples.push((error as Error).message);
    consecutiveFailures += 1;
  };

  const client = async (index: number, conversation: Cast['conversations'][number]) => {
    for (let step = 0; !stopped; step += 1) {
      const content = `${tag} c${index} s${step} ${Date.now()}`;
      try {
        if (step % 2 === 0) {
          const media = step % 10 === 0 ? await uploadPhoto(base, conversation.writer) : null;
          const post = await createPost(base, conversation.writer, content, media?.id);
          result.acknowledged.push({
            at: Date.now(),
            kind: 'post',
            id: post.id,
            content: post.content,
            mediaUrl: post.mediaUrl,
          });
        } else {
          const message = await sendMessage(base, conversation.writer, conversation.id, content);
          result.acknowledged.push({
            at: Date.now(),
            kind: 'message',
            id: message.id,
            conversationId: conversation.id,
          });
        }
        consecutiveFailures = 0;
      } catch (error) {
        fail(error);
        // The server is gone: stop hammering the closed port.
        if (error instanceof ApiFailure && error.status === 0) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          if (consecutiveFailures > 20) return;
        }
      }
    }
  };

  const clients = cast.conversations.map((conversation, index) => client(index, conversation));
  return {
    result,
    /** Resolves once the number of acknowledged writes reaches `count`. */
    async reached(count: number, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (result.acknowledged.length < count) {
        if (Date.now() > deadline)
          throw new Error(`only ${result.acknowledged.length} writes acknowledged in time`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Stops the clients (after the request each has in flight) and waits for them. */
    async stop() {
      stopped = true;
      await Promise.all(clients);
      return result;
    },
    /** Waits until every client has given up on a server that no longer answers. */
    async drained() {
      await Promise.all(clients);
      stopped = true;
      return result;
    },
  };
}

/** Every acknowledged write is there, read through `base`: posts, their photos, messages. */
export async function expectAllPresent(base: string, cast: Cast, acknowledged: Acknowledged[]) {
  const posts = acknowledged.filter((a) => a.kind === 'post');
  const missingPosts: string[] = [];
  const missingFiles: string[] = [];
  // A few at a time: the server is one process on a small machine.
  for (let start = 0; start < posts.length; start += 8) {
    await Promise.all(
      posts.slice(start, start + 8).map(async (post) => {
        const found = await getPost(base, post.id).catch(() => null);
        if (found?.content !== post.content) missingPosts.push(post.id);
        if (post.mediaUrl && (await fileStatus(base, post.mediaUrl)) !== 200)
          missingFiles.push(post.mediaUrl);
      }),
    );
  }
  const stored = new Set<string>();
  for (const conversation of cast.conversations) {
    for (const id of await allMessageIds(base, conversation.reader, conversation.id))
      stored.add(id);
  }
  const missingMessages = acknowledged
    .filter((a) => a.kind === 'message')
    .filter((a) => !stored.has(a.id))
    .map((a) => a.id);
  expect({ missingPosts, missingFiles, missingMessages }).toEqual({
    missingPosts: [],
    missingFiles: [],
    missingMessages: [],
  });
}
