import { expect, it } from 'vitest';

import type { ApiError } from '@arena/shared/api-error';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { ModerationCase, ReportResult } from '@arena/shared/moderation.schema';

import { describeEachDatabase } from './harness.ts';
import { moderationHelpers } from './moderation-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';

const m = MESSAGES.moderation;

describeEachDatabase(
  'reports',
  (context) => {
    const h = moderationHelpers(context);
    const { inject } = h;

    it('files a report into one case per item, updates a second report, and blocks as well', async () => {
      const author = await h.member();
      const ana = await h.member();
      const ben = await h.member();
      const postId = await h.post(author);

      const first = await h.report(ana, 'post', postId, { details: 'Ads everywhere' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<ReportResult>()).toMatchObject({ updated: false, blocking: false });
      const again = await h.report(ana, 'post', postId, { reason: 'harassment', details: '' });
      expect(again.json<ReportResult>()).toEqual({
        id: first.json<ReportResult>().id,
        updated: true,
        blocking: false,
      });
      const bens = await h.report(ben, 'post', postId, { reason: 'harassment', block: true });
      expect(bens.json<ReportResult>()).toMatchObject({ updated: false, blocking: true });
      // Ben now blocks the author: the author's post is gone for him.
      expect((await inject('GET', `/api/posts/${postId}`, ben)).statusCode).toBe(404);

      const summary = await h.caseOf(postId);
      expect(summary).toMatchObject({
        kind: 'reports',
        status: 'open',
        member: { id: author.session.profile.id },
        excerpt: 'A post to report',
        reportCount: 2,
        reasons: [{ reason: 'harassment', count: 2 }],
        priority: false,
      });
      const detail = await inject('GET', `/api/moderation/cases/${summary.id}`, await h.admin());
      expect(detail.statusCode, detail.body).toBe(200);
      const whole = detail.json<ModerationCase>();
      expect(whole.item).toMatchObject({ type: 'post', exists: true, href: `/posts/${postId}` });
      expect(whole.reports.map((r) => [r.reporter.id, r.details])).toEqual(
        expect.arrayContaining([
          [ana.session.profile.id, null],
          [ben.session.profile.id, null],
        ]),
      );
    });

    it('refuses what the reporter cannot see, their own content, and bad input, storing nothing', async () => {
      const author = await h.member();
      const reporter = await h.member();
      const other = await h.member();
      const postId = await h.post(author);
      const ownPost = await h.post(reporter);
      await inject('PUT', `/api/profiles/${reporter.input.username}/block`, author);

      const hidden = await h.report(reporter, 'post', postId);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json<ApiError>().error.message).toBe(m.targetNotFound);
      const missing = await h.report(reporter, 'comment', crypto.randomUUID());
      expect(missing.json<ApiError>().error.message).toBe(m.targetNotFound);
      const own = await h.report(reporter, 'post', ownPost);
      expect(own.statusCode).toBe(400);
      expect(own.json<ApiError>().error.message).toBe(m.cannotReportSelf);
      const ownProfile = await h.report(reporter, 'profile', reporter.session.profile.id);
      expect(ownProfile.json<ApiError>().error.message).toBe(m.cannotReportSelf);
      const bad = await inject('POST', '/api/reports', reporter, {
        targetType: 'post',
        targetId: postId,
        reason: 'boredom',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().error.fields?.reason).toBe(m.reasonRequired);
      expect((await inject('POST', '/api/reports', null, {})).statusCode).toBe(401);

      // A message only by a participant of its conversation.
      const conversationId = await h.conversation(other, author);
      const messageId = await h.message(other, conversationId, 'Buy my stuff');
      expect((await h.report(reporter, 'message', messageId)).statusCode).toBe(404);
      expect((await h.report(author, 'message', messageId)).statusCode).toBe(201);
      const cases = (await h.queue('?limit=50')).items.map((item) => item.target.id);
      expect(cases).not.toContain(postId);
      expect(cases).not.toContain(ownPost);
    });

    it('lets the offer owner and the applicant report an application, and anyone a profile, comment or offer', async () => {
      const club = await h.verifiedClub();
      const athlete = await h.member();
      const bystander = await h.member();
      const offer = await h.postOffer(club);
      const applied = await h.apply(athlete, offer.id);
      expect(applied.statusCode, applied.body).toBe(201);
      const mine = await inject('GET', '/api/me/applications', athlete);
      const applicationId = mine.json<{ items: { id: string }[] }>().items[0]!.id;

      expect((await h.report(bystander, 'application', applicationId)).statusCode).toBe(404);
      expect((await h.report(club, 'application', applicationId)).statusCode).toBe(201);
      const byApplicant = await h.report(athlete, 'application', applicationId);
      expect(byApplicant.statusCode).toBe(201);
      // The member of the case is the owner's side for the first report (the applicant).
      expect((await h.caseOf(applicationId)).member.id).toBe(athlete.session.profile.id);

      expect((await h.report(bystander, 'offer', offer.id, { reason: 'fraud' })).statusCode).toBe(
        201,
      );
      expect((await h.report(bystander, 'profile', club.session.profile.id)).statusCode).toBe(201);
      const postId = await h.post(club);
      const commentId = await h.comment(athlete, postId);
      expect((await h.report(bystander, 'comment', commentId)).statusCode).toBe(201);
      expect((await h.caseOf(commentId)).member.id).toBe(athlete.session.profile.id);
    });

    it(`refuses more than ${LIMITS.reportsPerHour} reports an hour, storing nothing`, async () => {
      const reporter = await h.member();
      const author = await h.member();
      const posts: string[] = [];
      for (let n = 0; n <= LIMITS.reportsPerHour; n += 1)
        posts.push(await h.post(author, `P ${n}`));
      for (const id of posts.slice(0, LIMITS.reportsPerHour)) {
        expect((await h.report(reporter, 'post', id)).statusCode).toBe(201);
      }
      const over = await h.report(reporter, 'post', posts.at(-1)!);
      expect(over.statusCode).toBe(429);
      expect(over.json<ApiError>().error.message).toBe(m.reportLimit);
      const cases = (await h.queue('?limit=50')).items.map((item) => item.target.id);
      expect(cases).not.toContain(posts.at(-1));
    });

    it('puts "a minor at risk" first and emails the admins at once', async () => {
      const admin = await h.admin();
      const author = await h.member();
      const reporters = [await h.member(), await h.member(), await h.member()];
      const busy = await h.post(author, 'Reported often');
      for (const reporter of reporters) await h.report(reporter, 'post', busy);
      const urgent = await h.post(author, 'Reported once, urgently');
      const filed = await h.report(reporters[0]!, 'post', urgent, { reason: 'minor_at_risk' });
      expect(filed.statusCode, filed.body).toBe(201);

      const page = await h.queue('?limit=2');
      expect(page.items[0]).toMatchObject({ target: { id: urgent }, priority: true });
      expect(page.items[1]).toMatchObject({ target: { id: busy }, reportCount: 3 });
      expect(page.counts.open).toBeGreaterThanOrEqual(2);
      // The next page follows on without repeating.
      const next = await h.queue(`?limit=2&cursor=${encodeURIComponent(page.nextCursor ?? '')}`);
      expect(next.items.map((item) => item.id)).not.toContain(page.items[0]!.id);

      const mails = await outboxMails(context().dataDir, admin.input.email, 2);
      const mail = mails.find((one) => one.subject === 'Urgent report: a minor at risk');
      const summary = await h.caseOf(urgent);
      expect(mail?.text).toContain(`/moderation/${summary.id}`);
    });

    it('keeps the queue and cases to admins', async () => {
      const member = await h.member();
      for (const url of ['/api/moderation/cases', '/api/moderation/audit']) {
        const response = await inject('GET', url, member);
        expect(response.statusCode, url).toBe(403);
      }
      const foreign = await inject('GET', `/api/moderation/cases/${crypto.randomUUID()}`, member);
      expect(foreign.statusCode).toBe(403);
    });
  },
  OFFERS_CONFIG,
);
