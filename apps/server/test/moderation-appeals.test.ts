import { expect, it } from 'vitest';

import type { ApiError } from '@arena/shared/api-error';
import { MESSAGES } from '@arena/shared/messages';
import type {
  AuditPage,
  ModerationCase,
  MyModerationAction,
  MyModerationPage,
} from '@arena/shared/moderation.schema';
import type { NotificationPage } from '@arena/shared/notification.schema';

import type { SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { moderationHelpers } from './moderation-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';
import { linkIn } from './smtp-sink.ts';

const m = MESSAGES.moderation;

describeEachDatabase(
  'moderation appeals',
  (context) => {
    const h = moderationHelpers(context);
    const { inject } = h;
    const signIn = (user: SignedUp) =>
      inject('POST', '/api/auth/sign-in', null, {
        email: user.input.email,
        password: user.input.password,
        remember: true,
      });
    /** `author`'s post, reported and decided with `body`; the case id. */
    const decided = async (author: SignedUp, body: object) => {
      const reporter = await h.member();
      const postId = await h.post(author);
      await h.report(reporter, 'post', postId);
      const caseId = (await h.caseOf(postId)).id;
      const response = await h.decide(caseId, body);
      expect(response.statusCode, response.body).toBe(200);
      return caseId;
    };
    const mine = async (user: SignedUp) =>
      (await inject('GET', '/api/me/moderation', user)).json<MyModerationPage>().items;
    const appealCase = async (memberId: string) => {
      const page = await h.queue('?kind=appeal&limit=50');
      // The Appeals tab asks for appeals only.
      expect(page.items.every((item) => item.kind === 'appeal')).toBe(true);
      const found = page.items.find(
        (item) => item.kind === 'appeal' && item.member.id === memberId,
      );
      if (!found) throw new Error('no appeal case');
      return { found, counts: page.counts };
    };

    it('lets the member appeal each action once, never a dismissal nor another member’s', async () => {
      const author = await h.member();
      const other = await h.member();
      await decided(author, { actions: ['dismiss'], reason: 'Fine' });
      await decided(author, { actions: ['remove', 'warn'], reason: 'Spam' });
      const actions = await mine(author);
      // The two actions of one decision share its time; the dismissal came before.
      expect(actions.map((a) => a.action).sort()).toEqual(['dismiss', 'remove', 'warn']);
      expect(actions.at(-1)?.action).toBe('dismiss');
      const of = (name: string) => actions.find((a) => a.action === name);
      const [warn, remove, dismiss] = [of('warn'), of('remove'), of('dismiss')];
      expect([warn?.canAppeal, dismiss?.canAppeal]).toEqual([true, false]);

      const url = `/api/moderation/actions/${warn!.id}/appeal`;
      const appealed = await inject('POST', url, author, { text: 'It was not spam' });
      expect(appealed.statusCode, appealed.body).toBe(201);
      expect(appealed.json<MyModerationAction>()).toMatchObject({
        canAppeal: false,
        appeal: { text: 'It was not spam', decision: null },
      });
      const twice = await inject('POST', url, author, { text: 'Again' });
      expect(twice.statusCode).toBe(400);
      expect(twice.json<ApiError>().error.message).toBe(m.appealTwice);
      const foreign = await inject('POST', `/api/moderation/actions/${remove!.id}/appeal`, other, {
        text: 'Not mine',
      });
      expect(foreign.statusCode).toBe(404);
      const ofDismissal = await inject(
        'POST',
        `/api/moderation/actions/${dismiss!.id}/appeal`,
        author,
        { text: 'Why' },
      );
      expect(ofDismissal.json<ApiError>().error.message).toBe(m.appealNotAllowed);

      const { found, counts } = await appealCase(author.session.profile.id);
      expect(found).toMatchObject({ status: 'open', excerpt: 'It was not spam', reportCount: 0 });
      expect(counts.appeals).toBeGreaterThanOrEqual(1);
      const upheld = await inject('POST', `/api/moderation/appeals/${found.id}`, await h.admin(), {
        decision: 'upheld',
        reason: 'It was spam',
      });
      expect(upheld.statusCode, upheld.body).toBe(200);
      expect(upheld.json<ModerationCase>()).toMatchObject({
        status: 'closed',
        actions: [{ id: warn!.id, appeal: { decision: 'upheld' } }],
      });
      const again = await inject('POST', `/api/moderation/appeals/${found.id}`, await h.admin(), {
        decision: 'overturned',
        reason: 'Changed my mind',
      });
      expect(again.json<ApiError>().error.message).toBe(m.appealDecided);
      const entries = (await inject('GET', '/api/notifications', author)).json<NotificationPage>()
        .items;
      const notices = entries.map((item) =>
        item.subject.type === 'moderation' ? item.subject.text : '',
      );
      expect(notices).toContain('Your appeal was reviewed: the decision stands');
      // The member's notices lead to Decisions about you.
      expect(
        new Set(entries.filter((item) => item.kind === 'moderation').map((item) => item.href)),
      ).toEqual(new Set(['/decisions']));
    });

    it('lets a suspended member appeal through the emailed link; overturning lifts the suspension', async () => {
      const author = await h.member();
      await decided(author, { actions: ['suspend'], suspendDays: 30, reason: 'Spamming' });
      const mails = await outboxMails(context().dataDir, author.input.email, 2);
      const notice = mails.find((mail) => mail.subject?.includes('suspended'));
      const { token } = linkIn({ text: notice?.text ?? '' }, '/appeal');

      const bad = await inject('GET', '/api/moderation/appeal?token=m1.forged.token', null);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().error.message).toBe(m.appealLinkInvalid);
      const shown = await inject(
        'GET',
        `/api/moderation/appeal?token=${encodeURIComponent(token)}`,
        null,
      );
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json<MyModerationAction>()).toMatchObject({
        action: 'suspend',
        suspendDays: 30,
        reason: 'Spamming',
        canAppeal: true,
      });
      const sent = await inject('POST', '/api/moderation/appeal', null, {
        token,
        text: 'I was hacked',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const twice = await inject('POST', '/api/moderation/appeal', null, { token, text: 'Again' });
      expect(twice.json<ApiError>().error.message).toBe(m.appealTwice);
      expect((await signIn(author)).statusCode).toBe(403);

      const { found } = await appealCase(author.session.profile.id);
      const overturned = await inject(
        'POST',
        `/api/moderation/appeals/${found.id}`,
        await h.admin(),
        { decision: 'overturned', reason: 'The account was hacked' },
      );
      expect(overturned.statusCode, overturned.body).toBe(200);
      expect((await signIn(author)).statusCode).toBe(200);
      const audit = await inject('GET', '/api/moderation/audit?limit=50', await h.admin());
      expect(
        audit
          .json<AuditPage>()
          .items.find((line) => line.caseId === found.id && line.event === 'appeal_overturned'),
      ).toMatchObject({ reason: 'The account was hacked' });
    });

    it('keeps deciding appeals to admins', async () => {
      const author = await h.member();
      await decided(author, { actions: ['warn'], reason: 'Be kind' });
      const [warn] = await mine(author);
      await inject('POST', `/api/moderation/actions/${warn!.id}/appeal`, author, { text: 'Sorry' });
      const { found } = await appealCase(author.session.profile.id);
      const byMember = await inject('POST', `/api/moderation/appeals/${found.id}`, author, {
        decision: 'overturned',
        reason: 'Mine',
      });
      expect(byMember.statusCode).toBe(403);
      // An appeal case is decided through its own route, not as a case of reports.
      const asReports = await h.decide(found.id, { actions: ['dismiss'], reason: 'x' });
      expect(asReports.statusCode).toBe(404);
    });
  },
  OFFERS_CONFIG,
);
