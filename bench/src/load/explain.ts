import { createMessagingRepository } from '@arena/server/src/modules/messaging/messaging.repository.ts';
import { createOffersRepository } from '@arena/server/src/modules/offers/offers.repository.ts';
import { createPeopleRepository } from '@arena/server/src/modules/people/people.repository.ts';
import { createPostsRepository } from '@arena/server/src/modules/posts/posts.repository.ts';
import { createProfilesRepository } from '@arena/server/src/modules/profiles/profiles.repository.ts';

import type { SeedConnection } from '../seed/connection.ts';
import { captureSql, type Statement } from './capture.ts';
import type { BenchSample } from './sample.ts';

export interface ExplainedQuery {
  name: string;
  sql: string;
  plan: string;
  /** Tables read in full by a sequential scan. */
  seqScans: string[];
}

/** The queries behind the scenarios, as the repositories write them, for a member of the sample. */
async function statements(sample: BenchSample): Promise<{ name: string; statement: Statement }[]> {
  const viewer = sample.users[0];
  const talker = sample.conversations[0];
  const talkerUser = talker ? sample.users[talker.user] : undefined;
  const long = sample.searchTerms.find((term) => term.length >= 3) ?? 'mar';
  const short = sample.searchTerms.find((term) => term.length === 2) ?? 'ma';
  const popular = sample.popularUsernames[0] ?? sample.usernames[0] ?? 'nobody';
  const searchParts = [
    'the members with a block between them and the viewer',
    'names starting with it',
    'names containing it, when too few start with it',
  ];
  const viewerId = viewer?.profileId ?? '00000000-0000-0000-0000-000000000000';
  const list: { name: string; work: Parameters<typeof captureSql>[0]; parts?: string[] }[] = [
    {
      name: `search "${long}"`,
      work: (db) => createPeopleRepository(db).search(long, 5, viewerId),
      parts: searchParts,
    },
    {
      name: `search "${short}" (two letters: prefixes only)`,
      work: (db) => createPeopleRepository(db).search(short, 5, viewerId),
      parts: searchParts.slice(0, 2),
    },
    {
      name: `discover, filtered by "${long}"`,
      work: (db) => createPeopleRepository(db).discover(viewer?.profileId ?? '', long, null, 20),
    },
    {
      name: 'feed: first page (newest posts and the reposts of followed members)',
      work: (db) =>
        createPostsRepository(db).listPage(
          viewer?.profileId ?? null,
          { feedOf: viewer?.profileId ?? '' },
          null,
        ),
    },
    {
      name: 'suggestions',
      work: (db) => createPeopleRepository(db).suggestions(viewer?.profileId ?? '', 5),
    },
    {
      name: `profile of the most followed member (@${popular})`,
      work: (db) => createProfilesRepository(db).findByUsername(popular, viewer?.profileId ?? null),
    },
    {
      name: 'conversation list',
      work: (db) => createMessagingRepository(db).listFor(talkerUser?.profileId ?? ''),
    },
    {
      name: "a conversation's messages",
      work: (db) =>
        createMessagingRepository(db).listMessages(talker?.conversationId ?? '', null, 30),
    },
    {
      name: 'offers',
      work: (db) =>
        createOffersRepository(db).list(
          viewer?.profileId ?? null,
          { sport: undefined, closed: false },
          null,
          12,
        ),
    },
  ];
  const result: { name: string; statement: Statement }[] = [];
  for (const item of list) {
    const statements = await captureSql(item.work);
    // Code that sends a second statement when the first finds too little (the search) shows both.
    const shown = item.parts ? statements.slice(0, item.parts.length) : statements.slice(0, 1);
    shown.forEach((statement, k) => {
      const part = item.parts?.[k];
      result.push({ name: part ? `${item.name}: ${part}` : item.name, statement });
    });
  }
  return result;
}

export async function explainQueries(
  db: SeedConnection,
  sample: BenchSample,
): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  for (const { name, statement } of await statements(sample)) {
    const rows = await db
      .query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`,
        statement.params,
      )
      .catch((error: unknown) => {
        throw new Error(`explaining "${name}": ${String(error)}\n${statement.text}`);
      });
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1] as string);
    explained.push({ name, sql: statement.text, plan, seqScans: [...new Set(seqScans)] });
  }
  return explained;
}
