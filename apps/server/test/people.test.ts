import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { ProfileCard, ProfileCardPage, ProfileSummary } from '@arena/shared/profile.schema';

import { selectRows } from '../src/db/database.ts';
import {
  containsSearchSql,
  matchesText,
  prefixSearchSql,
} from '../src/modules/people/people-search.repository.ts';
import { profiles } from '../src/modules/profiles/profiles.tables.ts';
import { follow, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('discover, search and suggestions', (context) => {
  const get = <T>(url: string, user: SignedUp) =>
    context()
      .app.inject({ method: 'GET', url, headers: user.bearer })
      .then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json<T>();
      });

  const tag = Math.random().toString(36).slice(2, 7);

  describe('discover', () => {
    it('lists everyone but the viewer, newest first, and pages on', async () => {
      const viewer = await signUp(context());
      const others = [];
      for (let i = 0; i < 3; i += 1) others.push(await signUp(context()));
      const first = await get<ProfileCardPage>('/api/people/discover?limit=2', viewer);
      expect(first.items.map((p) => p.username)).toEqual([
        others[2]!.input.username,
        others[1]!.input.username,
      ]);
      expect(first.items.some((p) => p.id === viewer.session.profile.id)).toBe(false);
      const second = await get<ProfileCardPage>(
        `/api/people/discover?limit=2&cursor=${first.nextCursor}`,
        viewer,
      );
      expect(second.items[0]?.username).toBe(others[0]!.input.username);
    });

    it('filters by name or username, case-insensitively', async () => {
      const viewer = await signUp(context());
      const match = await signUp(context(), { fullName: `Zélia ${tag}Moura` });
      await signUp(context());
      const page = await get<ProfileCardPage>(
        `/api/people/discover?q=${tag.toUpperCase()}MOU`,
        viewer,
      );
      expect(page.items.map((p) => p.username)).toEqual([match.input.username]);
    });

    it('shows whom the viewer follows', async () => {
      const viewer = await signUp(context());
      const star = await signUp(context());
      await follow(context(), viewer, star.input.username);
      const page = await get<ProfileCardPage>('/api/people/discover?limit=5', viewer);
      expect(page.items.find((p) => p.id === star.session.profile.id)?.isFollowing).toBe(true);
    });

    it('refuses visitors', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/people/discover' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('search', () => {
    it('matches a substring of the username or full name, case-insensitively, at most 5', async () => {
      const viewer = await signUp(context());
      const byName = await signUp(context(), { fullName: `Kylian ${tag}Xq Dias` });
      const byUsername = await signUp(context(), { username: `xx_${tag}xq_yy` });
      for (let i = 0; i < 5; i += 1) await signUp(context(), { fullName: `Filler ${tag}xq ${i}` });
      const results = await get<ProfileSummary[]>(
        `/api/people/search?q=${tag.toUpperCase()}XQ`,
        viewer,
      );
      expect(results).toHaveLength(5);
      const all = [
        ...results,
        ...(await get<ProfileSummary[]>(`/api/people/search?q=${tag}xq_`, viewer)),
        ...(await get<ProfileSummary[]>(`/api/people/search?q=${tag}xq dias`, viewer)),
      ];
      expect(all.map((p) => p.id)).toEqual(
        expect.arrayContaining([byName.session.profile.id, byUsername.session.profile.id]),
      );
    });

    it('treats % and _ as text, not wildcards', async () => {
      const viewer = await signUp(context());
      const results = await get<ProfileSummary[]>('/api/people/search?q=%25%25', viewer);
      expect(results).toEqual([]);
    });

    it('matches prefixes for two characters', async () => {
      const viewer = await signUp(context());
      const person = await signUp(context(), { fullName: `Qj${tag} Person` });
      const results = await get<ProfileSummary[]>('/api/people/search?q=qj', viewer);
      expect(results.map((p) => p.id)).toContain(person.session.profile.id);
    });

    it('lists names that start with the text first: the exact username, usernames, full names, then the rest', async () => {
      const viewer = await signUp(context());
      const text = `${tag}pq`;
      const containsByName = await signUp(context(), { fullName: `Zed Ward${text}` });
      const containsByUsername = await signUp(context(), {
        username: `zz_${text}`,
        fullName: 'Amy Zz',
      });
      const fullNameStart = await signUp(context(), { fullName: `${text.toUpperCase()} Carter` });
      const usernameStart = await signUp(context(), { username: `${text}_b` });
      const exact = await signUp(context(), { username: text });
      const results = await get<ProfileSummary[]>(`/api/people/search?q=${text}`, viewer);
      expect(results.map((p) => p.id)).toEqual(
        [exact, usernameStart, fullNameStart, containsByUsername, containsByName].map(
          (person) => person.session.profile.id,
        ),
      );
      expect(results[0]).toEqual({
        id: exact.session.profile.id,
        username: text,
        fullName: exact.input.fullName,
        avatarUrl: null,
        verified: false,
        userType: 'player',
      });
    });

    it('does not look for names that contain the text when enough start with it', async () => {
      const viewer = await signUp(context());
      const text = `${tag}kw`;
      // Alphabetically first, but it only contains the text.
      await signUp(context(), { fullName: `Aaron ${text}` });
      const starting = [];
      for (let i = 0; i < 6; i += 1) {
        starting.push(await signUp(context(), { username: `${text}_${i}` }));
      }
      const results = await get<ProfileSummary[]>(`/api/people/search?q=${text}`, viewer);
      expect(results.map((p) => p.username)).toEqual(
        starting.slice(0, 5).map((person) => person.input.username),
      );
    });

    it('lists someone once when both names start with the text', async () => {
      const viewer = await signUp(context());
      const text = `${tag}vd`;
      const both = await signUp(context(), { username: `${text}_one`, fullName: `${text} One` });
      const results = await get<ProfileSummary[]>(`/api/people/search?q=${text}`, viewer);
      expect(results.map((p) => p.id)).toEqual([both.session.profile.id]);
    });

    it('matches _ and % in a prefix as themselves', async () => {
      const viewer = await signUp(context());
      const person = await signUp(context(), { username: `${tag}ax_1` });
      expect(await get<ProfileSummary[]>(`/api/people/search?q=${tag}_x`, viewer)).toEqual([]);
      expect(await get<ProfileSummary[]>(`/api/people/search?q=${tag}%25`, viewer)).toEqual([]);
      const found = await get<ProfileSummary[]>(`/api/people/search?q=${tag}ax_`, viewer);
      expect(found.map((p) => p.id)).toEqual([person.session.profile.id]);
    });

    it('needs at least 2 characters', async () => {
      const viewer = await signUp(context());
      const response = await context().app.inject({
        method: 'GET',
        url: '/api/people/search?q=a',
        headers: viewer.bearer,
      });
      expect(response.statusCode).toBe(400);
    });

    it.each(['ab', 'abc', 'silva'])(
      'can always be served by an index, never a table scan ("%s")',
      async (text) => {
        const plan = await context().database.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          return selectRows<{ 'QUERY PLAN': string }>(
            tx,
            sql`EXPLAIN SELECT ${profiles.id} FROM ${profiles} WHERE ${matchesText(text)} LIMIT 5`,
          );
        });
        const text_ = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(text_).not.toContain('Seq Scan');
        expect(text_).toMatch(/Index/);
      },
    );
  });

  describe('search statements', () => {
    const planOf = (query: ReturnType<typeof sql>) =>
      context().database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = await selectRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });

    it.each(['ab', 'silva'])('finds prefixes through the btree indexes ("%s")', async (text) => {
      const plan = await planOf(prefixSearchSql(text, 5));
      expect(plan).not.toContain('Seq Scan');
      expect(plan).toContain('profiles_username_prefix_idx');
      expect(plan).toContain('profiles_full_name_prefix_idx');
    });

    it('finds substrings through the trigram indexes', async () => {
      const plan = await planOf(containsSearchSql('silva', 5));
      expect(plan).not.toContain('Seq Scan');
      expect(plan).toMatch(/trgm_idx/);
    });
  });

  describe('suggestions', () => {
    it('suggests friends of friends first, never yourself or people you follow', async () => {
      const viewer = await signUp(context());
      const friend = await signUp(context());
      const friendOfFriend = await signUp(context());
      await follow(context(), viewer, friend.input.username);
      await follow(context(), friend, friendOfFriend.input.username);
      for (let i = 0; i < 3; i += 1) await signUp(context());

      const suggestions = await get<ProfileCard[]>('/api/people/suggestions', viewer);
      expect(suggestions.length).toBeLessThanOrEqual(5);
      expect(suggestions[0]?.id).toBe(friendOfFriend.session.profile.id);
      const ids = suggestions.map((p) => p.id);
      expect(ids).not.toContain(viewer.session.profile.id);
      expect(ids).not.toContain(friend.session.profile.id);
    });

    it('prefers the same sport over the newest members', async () => {
      const viewer = await signUp(context());
      const sameSport = await signUp(context());
      for (let i = 0; i < 6; i += 1) await signUp(context());
      const setSport = (user: SignedUp, sport: string) =>
        context().app.inject({
          method: 'PATCH',
          url: '/api/me/cv/athlete',
          headers: user.bearer,
          payload: { sport },
        });
      // A sport no one else in this suite plays.
      expect((await setSport(viewer, 'water-polo')).statusCode).toBe(200);
      expect((await setSport(sameSport, 'water-polo')).statusCode).toBe(200);
      const suggestions = await get<ProfileCard[]>('/api/people/suggestions', viewer);
      expect(suggestions[0]?.id).toBe(sameSport.session.profile.id);
    });
  });
});
