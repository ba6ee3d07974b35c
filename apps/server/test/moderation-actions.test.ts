import { existsSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';

import type { ApiError } from '@arena/shared/api-error';
import type { Message } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { AuditPage, ModerationCase } from '@arena/shared/moderation.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';

import { refreshWith, type SignedUp, uploadFile } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { moderationHelpers } from './moderation-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';

const m = MESSAGES.moderation;

describeEachDatabase(
  'moderation decisions',
  (context) => {
    const h = moderationHelpers(context);
    const { inject } = h;
    /** The moderators' notices to `user`, as text and the link each leads to. */
    const noticesOf = async (user: SignedUp) =>
      (await inject('GET', '/api/notifications', user))
        .json<NotificationPage>()
        .items.filter((item) => item.kind === 'moderation')
        .map((item) => ({
          text: item.subject.type === 'moderation' ? item.subject.text : '',
          href: item.href,
        }));
    const moderationNotices = async (user: SignedUp) =>
      (await noticesOf(user)).map((notice) => notice.text);
    const signIn = (user: SignedUp) =>
      inject('POST', '/api/auth/sign-in', null, {
        email: user.input.email,
        password: user.input.password,
        remember: true,
      });
    /** A member's post, reported by another: its open case. */
    const reportedPost = async (author: SignedUp, reporter: SignedUp) => {
      const postId = await h.post(author);
      expect((await h.report(reporter, 'post', postId)).statusCode).toBe(201);
      return { postId, caseId: (await h.caseOf(postId)).id };
    };

    it('dismisses: nothing to the member, "no action" to the reporter; a later report opens a new case', async () => {
      const author = await h.member();
      const reporter = await h.member();
      const { postId, caseId } = await reportedPost(author, reporter);
      const decided = await h.decide(caseId, { actions: ['dismiss'], reason: 'Not spam' });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json<ModerationCase>()).toMatchObject({
        status: 'closed',
        actions: [{ action: 'dismiss', reason: 'Not spam' }],
      });
      expect(await moderationNotices(author)).toEqual([]);
      expect(await moderationNotices(reporter)).toEqual([
        'We reviewed your report of a post: no action was taken',
      ]);
      const twice = await h.decide(caseId, { actions: ['warn'], reason: 'Changed my mind' });
      expect(twice.statusCode).toBe(400);
      expect(twice.json<ApiError>().error.message).toBe(m.caseClosed);
      const mixed = await h.decide(caseId, { actions: ['dismiss', 'warn'], reason: 'x' });
      expect(mixed.json<ApiError>().error.fields?.actions).toBe(m.dismissAlone);

      expect((await h.report(reporter, 'post', postId)).json()).toMatchObject({ updated: false });
      expect((await h.caseOf(postId)).id).not.toBe(caseId);
    });

    it('removes and warns: the post goes, the member and reporter are told, notes and history are kept, every line audited', async () => {
      const author = await h.member();
      const reporter = await h.member();
      const { postId, caseId } = await reportedPost(author, reporter);
      const decided = await h.decide(caseId, {
        actions: ['remove', 'warn'],
        reason: 'Advertising is not allowed',
        note: 'Third time this week',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const whole = decided.json<ModerationCase>();
      expect(whole.item.exists).toBe(false);
      expect(whole.notes.map((note) => note.text)).toEqual(['Third time this week']);
      expect((await inject('GET', `/api/posts/${postId}`, reporter)).statusCode).toBe(404);
      // The member's notice leads to the decision and its appeal; the reporter's stays a notice.
      expect(await noticesOf(author)).toEqual([
        {
          text: 'A moderator removed your post and warned you about your post',
          href: '/decisions',
        },
      ]);
      expect(await noticesOf(reporter)).toEqual([
        { text: 'We reviewed your report of a post: we took action', href: '/notifications' },
      ]);

      const audit = await inject('GET', '/api/moderation/audit?limit=50', await h.admin());
      const lines = audit.json<AuditPage>().items.filter((line) => line.caseId === caseId);
      expect(lines.map((line) => line.event).sort()).toEqual(['note', 'remove', 'warn']);
      expect(lines[0]).toMatchObject({
        member: { id: author.session.profile.id },
        target: { type: 'post', id: postId },
      });

      // A later case of the same member shows the earlier sanctions.
      const next = await reportedPost(author, reporter);
      const later = await inject('GET', `/api/moderation/cases/${next.caseId}`, await h.admin());
      expect(
        later
          .json<ModerationCase>()
          .history.map((entry) => entry.action)
          .sort(),
      ).toEqual(['remove', 'warn']);
    });

    it('removes a message, clears a profile, closes an offer and withdraws an application', async () => {
      const club = await h.verifiedClub();
      const athlete = await h.member();
      const conversationId = await h.conversation(athlete, club);
      await h.message(athlete, conversationId, 'Before');
      const messageId = await h.message(athlete, conversationId, 'The reported one');
      await h.message(club, conversationId, 'After');
      expect((await h.report(club, 'message', messageId)).statusCode).toBe(201);
      const messageCase = await h.caseOf(messageId);
      const shown = await inject('GET', `/api/moderation/cases/${messageCase.id}`, await h.admin());
      expect(shown.json<ModerationCase>().item.context.map((c) => [c.body, c.reported])).toEqual([
        ['Before', false],
        ['The reported one', true],
        ['After', false],
      ]);
      await h.decide(messageCase.id, { actions: ['remove'], reason: 'Abusive' });
      const thread = await inject('GET', `/api/conversations/${conversationId}/messages`, club);
      expect(thread.body).not.toContain('The reported one');

      const bio = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: athlete.bearer,
        payload: {
          fullName: athlete.input.fullName,
          username: athlete.input.username,
          bio: 'Rude bio',
        },
      });
      expect(bio.statusCode, bio.body).toBe(200);
      expect(
        (await inject('GET', `/api/profiles/${athlete.input.username}`, club)).json(),
      ).toMatchObject({ bio: 'Rude bio' });
      expect((await h.report(club, 'profile', athlete.session.profile.id)).statusCode).toBe(201);
      const profileCase = await h.caseOf(athlete.session.profile.id);
      await h.decide(profileCase.id, { actions: ['remove'], reason: 'Rude bio' });
      const profile = await inject('GET', `/api/profiles/${athlete.input.username}`, club);
      expect(profile.json()).toMatchObject({ bio: null, avatarUrl: null });

      const offer = await h.postOffer(club);
      await h.apply(athlete, offer.id);
      const mine = await inject('GET', '/api/me/applications', athlete);
      const applicationId = mine.json<{ items: { id: string }[] }>().items[0]!.id;
      await h.report(athlete, 'offer', offer.id, { reason: 'fraud' });
      await h.report(club, 'application', applicationId);
      await h.decide((await h.caseOf(offer.id)).id, { actions: ['remove'], reason: 'Fake' });
      await h.decide((await h.caseOf(applicationId)).id, { actions: ['remove'], reason: 'Spam' });
      const after = await inject('GET', `/api/offers/${offer.id}`, athlete);
      expect(after.json<{ closedAt: string | null }>().closedAt).not.toBeNull();
      const application = await inject('GET', '/api/me/applications', athlete);
      expect(application.json<{ items: { stage: string }[] }>().items[0]!.stage).toBe('withdrawn');
    });

    it('removing a message or clearing a profile also removes its photo and avatar from storage', async () => {
      const club = await h.verifiedClub();
      const athlete = await h.member();
      const png = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#2a6' },
      })
        .png()
        .toBuffer();
      const stored = (url: string) =>
        existsSync(
          path.join(
            context().dataDir,
            'storage',
            url.split('?')[0]!.replace(/^\/files\/(signed\/)?/, ''),
          ),
        );

      const image = { name: 'photo.png', type: 'image/png', bytes: png };
      const upload = await uploadFile(context(), athlete, '/api/message-media', image);
      expect(upload.statusCode, upload.body).toBe(201);
      const conversationId = await h.conversation(athlete, club);
      const sent = await inject('POST', `/api/conversations/${conversationId}/messages`, athlete, {
        mediaId: upload.json<{ id: string }>().id,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const message = sent.json<Message>();
      expect(stored(message.mediaUrl!)).toBe(true);

      const put = await uploadFile(context(), athlete, '/api/me/avatar', image, 'PUT');
      expect(put.statusCode, put.body).toBe(200);
      const avatarUrl = put.json<{ avatarUrl: string }>().avatarUrl;
      expect(stored(avatarUrl)).toBe(true);

      expect((await h.report(club, 'message', message.id)).statusCode).toBe(201);
      expect((await h.report(club, 'profile', athlete.session.profile.id)).statusCode).toBe(201);
      for (const target of [message.id, athlete.session.profile.id]) {
        const decided = await h.decide((await h.caseOf(target)).id, {
          actions: ['remove'],
          reason: 'Inappropriate',
        });
        expect(decided.statusCode, decided.body).toBe(200);
      }
      expect(stored(message.mediaUrl!)).toBe(false);
      expect(stored(avatarUrl)).toBe(false);
    });

    it('suspends: sessions end, sign-in is refused with the date, content is hidden, and it ends by itself', async () => {
      const author = await h.member();
      const reporter = await h.member();
      const { postId, caseId } = await reportedPost(author, reporter);
      const decided = await h.decide(caseId, {
        actions: ['suspend'],
        suspendDays: 7,
        reason: 'Spamming',
      });
      expect(decided.statusCode, decided.body).toBe(200);

      expect((await inject('GET', '/api/me/blocked', author)).statusCode).toBe(401);
      expect((await refreshWith(context(), author.refreshToken)).statusCode).toBeGreaterThan(399);
      const refused = await signIn(author);
      expect(refused.statusCode).toBe(403);
      const error = refused.json<ApiError>().error;
      expect(error.code).toBe('account_suspended');
      expect(error.message).toMatch(/^Your account is suspended until \d{1,2} \w+ \d{4}\./);

      // Hidden from everyone, visitors too.
      expect((await inject('GET', `/api/profiles/${author.input.username}`, null)).statusCode).toBe(
        404,
      );
      expect(
        (await inject('GET', `/api/profiles/${author.input.username}`, reporter)).statusCode,
      ).toBe(404);
      expect((await inject('GET', `/api/posts/${postId}`, null)).statusCode).toBe(404);
      expect((await inject('GET', `/api/posts/${postId}`, reporter)).statusCode).toBe(404);
      expect((await inject('GET', '/api/feed', reporter)).body).not.toContain(postId);
      const search = await inject(
        'GET',
        `/api/people/search?q=${encodeURIComponent(author.input.username)}`,
        reporter,
      );
      expect(search.body).not.toContain(author.session.profile.id);

      const mails = await outboxMails(context().dataDir, author.input.email, 2);
      const notice = mails.find((mail) =>
        mail.subject?.startsWith('Your Arena account is suspended'),
      );
      expect(notice?.text).toContain('/appeal?token=');
      expect(notice?.text).toContain('Spamming');

      await context().database.db.execute(
        sql`UPDATE users SET suspended_until = now() - interval '1 minute'
          WHERE id = ${author.session.user.id}::uuid`,
      );
      expect((await signIn(author)).statusCode).toBe(200);
      expect((await inject('GET', `/api/posts/${postId}`, reporter)).statusCode).toBe(200);
      expect((await inject('GET', '/api/feed', reporter)).body).toContain(postId);
    });

    it('bans, but never an admin; needs the days of a suspension', async () => {
      const admin = await h.admin();
      const author = await h.member();
      const reporter = await h.member();
      const { caseId } = await reportedPost(author, reporter);
      const noDays = await h.decide(caseId, { actions: ['suspend'], reason: 'x' });
      expect(noDays.json<ApiError>().error.fields?.suspendDays).toBe(m.suspendDaysRange);
      expect((await h.decide(caseId, { actions: ['ban'], reason: 'Scam' })).statusCode).toBe(200);
      const refused = await signIn(author);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiError>().error.message).toBe(m.banned);

      const adminPost = await reportedPost(admin, reporter);
      const onAdmin = await h.decide(adminPost.caseId, { actions: ['ban'], reason: 'x' });
      expect(onAdmin.statusCode).toBe(400);
      expect(onAdmin.json<ApiError>().error.message).toBe(m.cannotActOnAdmin);
      expect((await h.caseOf(adminPost.postId)).status).toBe('open');
    });

    it('keeps the audit log append only, and whole when a sanctioned account is deleted', async () => {
      const author = await h.member();
      const reporter = await h.member();
      const { caseId } = await reportedPost(author, reporter);
      await h.decide(caseId, { actions: ['warn'], reason: 'Be kind' });
      const db = context().database.db;
      await expect(
        db.execute(sql`UPDATE moderation_audit SET reason = 'edited'`),
      ).rejects.toThrow();
      await expect(db.execute(sql`DELETE FROM moderation_audit`)).rejects.toThrow();

      const deleted = await inject('POST', '/api/me/account-deletion', author, {
        password: author.input.password,
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      const audit = await inject('GET', '/api/moderation/audit?limit=50', await h.admin());
      const line = audit.json<AuditPage>().items.find((item) => item.caseId === caseId);
      expect(line).toMatchObject({
        event: 'warn',
        reason: 'Be kind',
        member: { id: author.session.profile.id, username: author.input.username },
      });
    });
  },
  OFFERS_CONFIG,
);
