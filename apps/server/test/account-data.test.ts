import { existsSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import type { Conversation, Message } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { Post } from '@arena/shared/post.schema';

import { selectRows } from '../src/db/database.ts';
import { errorOf, postJson, refreshWith, signIn } from './account-helpers.ts';
import { pdf } from './documents.ts';
import { follow, multipartFile, signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { unzip } from './zip.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';
import { authed } from './realtime-client.ts';
import { png } from './upload-attack-files.ts';

describeEachDatabase(
  'download my data and delete my account',
  (context) => {
    const { inject, verifiedClub, postOffer, uploadCv, apply } = offersHelpers(context);
    const get = (url: string, user: SignedUp | null) => inject('GET', url, user);

    const upload = async (user: SignedUp, url: string, bytes: Buffer) => {
      const body = multipartFile('file', 'photo.png', 'image/png', bytes);
      const response = await context().app.inject({
        method: 'POST',
        url,
        headers: { ...user.bearer, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const openConversation = async (from: SignedUp, to: SignedUp) =>
      (await inject('POST', '/api/conversations', from, { username: to.input.username })).json<{
        id: string;
      }>().id;
    const send = (from: SignedUp, conversationId: string, payload: object) =>
      inject('POST', `/api/conversations/${conversationId}/messages`, from, payload);
    const deleteAccount = (user: SignedUp, payload: object) =>
      postJson(context(), '/api/me/account-deletion', payload, user.bearer);

    /** A member with something of every kind: posts, a comment, messages, a CV, an application. */
    async function busyMember() {
      const member = await signUp(context());
      const friend = await signUp(context());
      const club = await verifiedClub();
      const offer = await postOffer(club);

      const mediaId = await upload(member, '/api/media', await png(24, 24));
      const post = (
        await inject('POST', '/api/posts', member, {
          content: 'Morning drills',
          sport: 'football',
          mediaId,
        })
      ).json<Post>();
      const friendPost = (
        await inject('POST', '/api/posts', friend, { content: 'Match day', sport: 'football' })
      ).json<Post>();
      await inject('POST', `/api/posts/${friendPost.id}/comments`, member, {
        content: 'Good luck!',
      });
      for (const what of ['like', 'repost']) {
        await context().app.inject({
          method: 'PUT',
          url: `/api/posts/${friendPost.id}/${what}`,
          headers: member.bearer,
        });
      }
      await follow(context(), member, friend.input.username);
      await follow(context(), friend, member.input.username);
      await inject('POST', '/api/me/cv/career', member, {
        season: '2024/25',
        teamName: 'Arena United',
      });
      const place = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/cv/athlete',
        headers: member.bearer,
        payload: { country: 'Portugal', city: 'Porto' },
      });
      expect(place.statusCode, place.body).toBe(200);
      const open = await inject('PUT', '/api/me/open-to-offers', member, {
        visibility: 'verified',
        contractTypes: ['Full Season'],
      });
      expect(open.statusCode, open.body).toBe(200);

      const conversationId = await openConversation(member, friend);
      const sentMediaId = await upload(member, '/api/message-media', await png(12, 12));
      expect((await send(member, conversationId, { content: 'Hi from me' })).statusCode).toBe(201);
      expect((await send(member, conversationId, { mediaId: sentMediaId })).statusCode).toBe(201);
      expect((await send(friend, conversationId, { content: 'Hi back' })).statusCode).toBe(201);

      const cv = (await uploadCv(member, 'cv.pdf', pdf())).json<{ id: string }>();
      const applied = await apply(member, offer.id, { cvUploadId: cv.id });
      expect(applied.statusCode, applied.body).toBe(201);
      return { member, friend, club, offer, post, friendPost, conversationId };
    }

    it('downloads a ZIP with a JSON file per kind of record and the uploaded files', async () => {
      const { member, post } = await busyMember();
      const response = await get('/api/me/data-export', member);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="arena-data-/);

      const entries = await unzip(response.rawPayload);
      const json = (name: string) => JSON.parse(entries.get(name)?.toString() ?? 'null') as unknown;
      for (const kind of [
        'profile',
        'cv',
        'posts',
        'comments',
        'messages',
        'applications',
        'offers',
        'verification-requests',
      ]) {
        expect(Array.isArray(json(`${kind}.json`)), kind).toBe(true);
      }
      expect(json('profile.json')).toMatchObject([
        { username: member.input.username, email: member.input.email },
      ]);
      expect(json('posts.json')).toMatchObject([{ id: post.id, content: 'Morning drills' }]);
      expect(json('comments.json')).toMatchObject([{ content: 'Good luck!' }]);
      // The athlete section holds the birthdate sign-up asked for, where they live and being open
      // to offers; then the career entry.
      const cv = json('cv.json') as { section: string; data: Record<string, unknown> }[];
      expect(cv.find((row) => row.section === 'athlete_profile')?.data).toMatchObject({
        birthdate: member.input.birthdate,
        country: 'Portugal',
        city: 'Porto',
        open_to_offers: { visibility: 'verified', contract_types: ['Full Season'] },
      });
      expect(cv.filter((row) => row.section === 'career_history')).toMatchObject([
        { section: 'career_history', data: { team_name: 'Arena United' } },
      ]);
      const messages = json('messages.json') as { content: string | null; sent_by_me: boolean }[];
      expect(messages.map((m) => [m.content, m.sent_by_me]).sort()).toEqual(
        [
          ['Hi back', false],
          ['Hi from me', true],
          [null, true],
        ].sort(),
      );
      expect(json('applications.json')).toMatchObject([{ athlete_name: 'Ana Lima' }]);
      expect(json('offers.json')).toEqual([]);

      // The post's photo, the message's photo and the application's CV, byte for byte.
      const files = [...entries.keys()].filter((name) => name.startsWith('files/'));
      const buckets = files.map((name) => name.split('/')[1]).sort();
      expect(buckets).toEqual(['message-media', 'offer-applications', 'post-media']);
      const cvEntry = files.find((name) => name.startsWith('files/offer-applications/'))!;
      expect(entries.get(cvEntry)?.equals(pdf())).toBe(true);
    });

    it('refuses the download to a visitor', async () => {
      expect((await get('/api/me/data-export', null)).statusCode).toBe(401);
    });

    it('refuses a missing or wrong password with a clear message and deletes nothing', async () => {
      const member = await signUp(context());
      const missing = await deleteAccount(member, {});
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing).message).toBe(MESSAGES.privacy.passwordRequired);
      const wrong = await deleteAccount(member, { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong)).toMatchObject({
        message: MESSAGES.account.currentPasswordWrong,
        fields: { password: MESSAGES.account.currentPasswordWrong },
      });
      expect((await get(`/api/profiles/${member.input.username}`, null)).statusCode).toBe(200);
      expect((await get('/api/auth/session', member)).statusCode).toBe(200);
    });

    it('deletes everything of the member: nothing of theirs stays readable anywhere', async () => {
      const { member, friend, club, post, friendPost, conversationId } = await busyMember();
      const username = member.input.username;
      const socket = await authed(context().app, member);
      const filesBefore = await selectRows<{ bucket: string; path: string }>(
        context().database.db,
        sql`SELECT bucket, path FROM stored_files WHERE owner_user_id = ${member.session.user.id}`,
      );
      expect(filesBefore.length).toBe(3);

      const response = await deleteAccount(member, { password: member.input.password });
      expect(response.statusCode, response.body).toBe(204);

      // Signed out everywhere: the access token, the refresh token, the socket; no sign-in.
      expect((await get('/api/auth/session', member)).statusCode).toBe(401);
      expect((await refreshWith(context(), member.refreshToken)).statusCode).toBe(401);
      expect((await socket.closed).code).toBe(4401);
      expect((await signIn(context(), member.input.email, member.input.password)).statusCode).toBe(
        401,
      );

      // Profile, search, posts, feed, comments, followers.
      expect((await get(`/api/profiles/${username}`, friend)).statusCode).toBe(404);
      expect((await get(`/api/profiles/${username}/posts`, friend)).statusCode).toBe(404);
      const search = await get(`/api/people/search?q=${username}`, friend);
      expect(search.body).not.toContain(username);
      expect((await get('/api/people/discover?limit=50', friend)).body).not.toContain(username);
      expect((await get(`/api/posts/${post.id}`, friend)).statusCode).toBe(404);
      const feed = await get('/api/feed', friend);
      expect(feed.statusCode).toBe(200);
      expect(feed.body).not.toContain(member.session.profile.id);
      expect(feed.body).not.toContain(post.id);
      const comments = await get(`/api/posts/${friendPost.id}/comments`, friend);
      expect(comments.body).not.toContain('Good luck!');
      expect((await get(`/api/posts/${friendPost.id}`, friend)).json<Post>()).toMatchObject({
        likesCount: 0,
        commentsCount: 0,
        repostsCount: 0,
      });
      for (const list of ['followers', 'following']) {
        const people = await get(`/api/profiles/${friend.input.username}/${list}`, friend);
        expect(people.statusCode).toBe(200);
        expect(people.body).not.toContain(username);
      }

      // The organisation no longer receives the application, and its count is corrected.
      const received = await get('/api/me/applications-received', club);
      expect(received.statusCode).toBe(200);
      expect(received.body).not.toContain('Ana Lima');
      const offers = await get('/api/offers', friend);
      expect(offers.body).not.toContain(username);

      // The conversation stays for the other side, with their own message only.
      const conversations = (await get('/api/conversations', friend)).json<Conversation[]>();
      const kept = conversations.find((c) => c.id === conversationId);
      expect(kept).toMatchObject({ other: null });
      const thread = (await get(`/api/conversations/${conversationId}/messages`, friend)).json<{
        items: Message[];
      }>();
      expect(thread.items.map((m) => m.content)).toEqual(['Hi back']);
      const reply = await send(friend, conversationId, { content: 'Are you there?' });
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply).message).toBe(MESSAGES.privacy.otherSideDeleted);

      // Their files are gone from storage.
      for (const file of filesBefore) {
        expect(existsSync(path.join(context().dataDir, 'storage', file.bucket, file.path))).toBe(
          false,
        );
      }
      const rows = await selectRows(
        context().database.db,
        sql`SELECT
              (SELECT count(*)::int FROM stored_files WHERE owner_user_id = ${member.session.user.id}) AS files,
              (SELECT count(*)::int FROM profiles WHERE id = ${member.session.profile.id}) AS profiles,
              (SELECT count(*)::int FROM messages WHERE sender_id = ${member.session.profile.id}) AS messages`,
      );
      expect(rows[0]).toEqual({
        files: 0,
        profiles: 0,
        messages: 0,
      });
    });

    it("removes a deleted organisation's offers and the applications to them", async () => {
      const club = await verifiedClub();
      const athlete = await signUp(context());
      const offer = await postOffer(club);
      expect((await apply(athlete, offer.id)).statusCode).toBe(201);
      const response = await deleteAccount(club, { password: club.input.password });
      expect(response.statusCode, response.body).toBe(204);
      expect((await get(`/api/offers/${offer.id}`, athlete)).statusCode).toBe(404);
      expect((await get('/api/offers', athlete)).body).not.toContain(offer.id);
    });

    it('deletes a conversation once both of its sides have deleted their accounts', async () => {
      const a = await signUp(context());
      const b = await signUp(context());
      const id = await openConversation(a, b);
      await send(a, id, { content: 'One' });
      expect((await deleteAccount(a, { password: a.input.password })).statusCode).toBe(204);
      expect((await deleteAccount(b, { password: b.input.password })).statusCode).toBe(204);
      const left = await selectRows<{ n: number }>(
        context().database.db,
        sql`SELECT count(*)::int AS n FROM conversations WHERE id = ${id}`,
      );
      expect(left[0]?.n).toBe(0);
    });

    it('deletes an account without a password only from a session started in the last minutes', async () => {
      const member = await signUp(context());
      await context().database.db.execute(
        sql`UPDATE users SET password_hash = NULL WHERE id = ${member.session.user.id}`,
      );
      await context().database.db.execute(
        sql`UPDATE refresh_tokens SET created_at = now() - interval '11 minutes'
            WHERE user_id = ${member.session.user.id}`,
      );
      const stale = await deleteAccount(member, {});
      expect(stale.statusCode).toBe(403);
      expect(errorOf(stale).message).toBe(MESSAGES.privacy.reauthRequired);
      expect((await get(`/api/profiles/${member.input.username}`, null)).statusCode).toBe(200);

      await context().database.db.execute(
        sql`UPDATE refresh_tokens SET created_at = now() WHERE user_id = ${member.session.user.id}`,
      );
      expect((await deleteAccount(member, {})).statusCode).toBe(204);
      expect((await get(`/api/profiles/${member.input.username}`, null)).statusCode).toBe(404);
    });
  },
  OFFERS_CONFIG,
);
