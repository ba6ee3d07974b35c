import { expect, it } from 'vitest';

import { sql } from 'drizzle-orm';
import fc from 'fast-check';

import {
  APPLICATION_STAGES,
  type ApplicationNote,
  type ApplicationStage,
  canMoveStage,
  POSTER_STAGES,
  type BulkDeclineResult,
  type MyApplication,
  type MyApplicationPage,
  PIPELINE_MESSAGES,
} from '@arena/shared/application.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { Application, ApplicationDetail } from '@arena/shared/offer.schema';

import { selectRows } from '../src/db/database.ts';
import { signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { outboxMails } from './outbox.ts';
import { OFFERS_CONFIG, offersHelpers, pipelineHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describeEachDatabase(
  'recruiting pipeline',
  (context) => {
    const { inject, verifiedClub, postOffer, apply, admin } = offersHelpers(context);

    const { applied, move, notifications } = pipelineHelpers(context);

    it('takes an application through every stage, both sides seeing the same history', async () => {
      const club = await verifiedClub();
      const { player, application } = await applied(club);
      expect(application.stage).toBe('pending');
      expect(application.history.map((e) => e.stage)).toEqual(['pending']);
      expect(application.canWithdraw).toBe(true);

      // The poster opens it: viewed, once.
      const opened = await inject('GET', `/api/applications/${application.id}`, club);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json<ApplicationDetail>().status).toBe('viewed');
      await inject('GET', `/api/applications/${application.id}`, club);

      expect(
        (await move(club, application.id, { stage: 'shortlisted', message: 'Great tape' }))
          .statusCode,
      ).toBe(200);
      const trial = await move(club, application.id, {
        stage: 'trial',
        trialAt: inAWeek(),
        trialPlace: 'Porto training ground',
        message: 'Bring boots',
      });
      expect(trial.statusCode, trial.body).toBe(200);
      expect((await move(club, application.id, { stage: 'offered' })).statusCode).toBe(200);
      const signed = await move(club, application.id, { stage: 'signed', message: 'Welcome' });
      expect(signed.statusCode).toBe(200);
      const detail = signed.json<ApplicationDetail>();
      expect(detail.status).toBe('signed');
      expect(detail.history.map((e) => [e.stage, e.by])).toEqual([
        ['pending', 'athlete'],
        ['viewed', 'system'],
        ['shortlisted', 'poster'],
        ['trial', 'poster'],
        ['offered', 'poster'],
        ['signed', 'poster'],
      ]);
      expect(detail.history[3]).toMatchObject({
        trialPlace: 'Porto training ground',
        message: 'Bring boots',
      });

      const mine = (await inject('GET', '/api/me/applications', player)).json<MyApplicationPage>();
      expect(mine.items[0]).toMatchObject({ stage: 'signed', canWithdraw: false });
      expect(mine.items[0]!.history.map((e) => e.stage)).toEqual(
        detail.history.map((e) => e.stage),
      );
      expect(mine.items[0]!.history[2]!.message).toBe('Great tape');

      // The athlete heard of it: one entry for the application, at its latest stage.
      const entries = (await notifications(player)).filter((n) => n.kind === 'application_update');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.subject).toMatchObject({ type: 'application', stage: 'signed' });
      expect(entries[0]!.href).toBe(`/applications#${application.id}`);

      // Signed is final; the offer counts it.
      const again = await move(club, application.id, { stage: 'declined' });
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.final('signed'));
      const withdraw = await inject('POST', `/api/applications/${application.id}/withdraw`, player);
      expect(withdraw.statusCode).toBe(409);
    });

    it('emails the athlete of a decision, with the club’s message left in Arena', async () => {
      const club = await verifiedClub();
      const { player, application } = await applied(club);
      const declined = await move(club, application.id, {
        stage: 'declined',
        message: 'We went with a more experienced striker',
      });
      expect(declined.statusCode).toBe(200);
      const mails = await outboxMails(context().dataDir, player.input.email, 1);
      const notice = mails.find((mail) => mail.subject?.includes('was not selected'));
      expect(notice, 'the notice mail').toBeDefined();
      expect(notice!.text).not.toContain('more experienced striker');
    });

    it('refuses moves the pipeline does not allow, and bad input, changing nothing', async () => {
      const club = await verifiedClub();
      const { application } = await applied(club);
      const backwards = async (from: string, to: string) => {
        const trial = to === 'trial' ? { trialAt: inAWeek(), trialPlace: 'Porto' } : {};
        const response = await move(club, application.id, { stage: to, ...trial });
        expect(response.statusCode, `${from} → ${to}`).toBe(409);
      };
      await move(club, application.id, { stage: 'offered' });
      await backwards('offered', 'shortlisted');
      await backwards('offered', 'trial');
      await backwards('offered', 'offered');

      const bad = [
        { stage: 'viewed' },
        { stage: 'withdrawn' },
        { stage: 'trial' },
        { stage: 'trial', trialAt: inAWeek() },
        { stage: 'trial', trialAt: 'tomorrow', trialPlace: 'Porto' },
        { stage: 'declined', message: 'x'.repeat(1001) },
      ];
      for (const body of bad) {
        const response = await move(club, application.id, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBeTruthy();
      }
      const past = await move(club, application.id, {
        stage: 'trial',
        trialAt: new Date(Date.now() - 60_000).toISOString(),
        trialPlace: 'Porto',
      });
      expect([400, 409]).toContain(past.statusCode);
      const detail = (
        await inject('GET', `/api/applications/${application.id}`, club)
      ).json<ApplicationDetail>();
      expect(detail.status).toBe('offered');
      expect(detail.history).toHaveLength(2);

      // A declined one may be reconsidered; a message of exactly 1,000 characters is fine.
      expect(
        (await move(club, application.id, { stage: 'declined', message: 'y'.repeat(1000) }))
          .statusCode,
      ).toBe(200);
      expect((await move(club, application.id, { stage: 'shortlisted' })).statusCode).toBe(200);
    });

    it('lets the athlete withdraw before a decision, and not apply again', async () => {
      const club = await verifiedClub();
      const { offer, player, application } = await applied(club);
      const response = await inject('POST', `/api/applications/${application.id}/withdraw`, player);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MyApplication>()).toMatchObject({
        stage: 'withdrawn',
        canWithdraw: false,
      });
      const moved = await move(club, application.id, { stage: 'shortlisted' });
      expect(moved.statusCode).toBe(409);
      expect(moved.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.final('withdrawn'));
      const again = await apply(player, offer.id);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().error.message).toBe(PIPELINE_MESSAGES.withdrawnBefore);
      const received = (await inject('GET', '/api/me/applications-received', club)).json<
        Application[]
      >();
      expect(received.find((a) => a.id === application.id)?.status).toBe('withdrawn');
    });

    it('declines several at once with one message, reporting those it could not decline', async () => {
      const club = await verifiedClub();
      const first = await applied(club);
      const second = await applied(club);
      await inject('POST', `/api/applications/${second.application.id}/withdraw`, second.player);
      const response = await inject('POST', '/api/applications/decline', club, {
        ids: [first.application.id, second.application.id],
        message: 'Not this time',
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<BulkDeclineResult>();
      expect(result.declined).toEqual([first.application.id]);
      expect(result.skipped.map((s) => s.id)).toEqual([second.application.id]);
      const mine = (
        await inject('GET', '/api/me/applications', first.player)
      ).json<MyApplicationPage>();
      expect(mine.items[0]!.history.at(-1)).toMatchObject({
        stage: 'declined',
        message: 'Not this time',
      });

      // Another poster's application in the selection refuses the whole request.
      const other = await verifiedClub();
      const theirs = await applied(other);
      const mixed = await inject('POST', '/api/applications/decline', club, {
        ids: [theirs.application.id, first.application.id],
      });
      expect(mixed.statusCode).toBe(404);
      const untouched = (
        await inject('GET', `/api/applications/${theirs.application.id}`, other)
      ).json<ApplicationDetail>();
      expect(untouched.history.map((e) => e.stage)).toEqual(['pending', 'viewed']);
      for (const ids of [[], Array.from({ length: 101 }, () => first.application.id), ['nope']]) {
        expect((await inject('POST', '/api/applications/decline', club, { ids })).statusCode).toBe(
          400,
        );
      }
    });

    it('keeps private notes for the poster and admins only', async () => {
      const club = await verifiedClub();
      const { player, application } = await applied(club);
      const added = await inject('POST', `/api/applications/${application.id}/notes`, club, {
        body: '  Strong left foot  ',
      });
      expect(added.statusCode, added.body).toBe(201);
      const [note] = added.json<ApplicationNote[]>();
      expect(note!.body).toBe('Strong left foot');
      expect(
        (await inject('GET', `/api/applications/${application.id}/notes`, player)).statusCode,
      ).toBe(403);
      expect(
        JSON.stringify((await inject('GET', '/api/me/applications', player)).json()),
      ).not.toContain('left foot');
      const received = (await inject('GET', '/api/me/applications-received', club)).json<
        Application[]
      >();
      expect(received.find((a) => a.id === application.id)?.noteCount).toBe(1);
      const byAdmin = await inject(
        'GET',
        `/api/applications/${application.id}/notes`,
        await admin(),
      );
      expect(byAdmin.json<ApplicationNote[]>()).toHaveLength(1);
      for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
        expect(
          (await inject('POST', `/api/applications/${application.id}/notes`, club, body))
            .statusCode,
        ).toBe(400);
      }
      expect(
        (await inject('DELETE', `/api/application-notes/${note!.id}`, player)).statusCode,
      ).toBe(404);
      expect((await inject('DELETE', `/api/application-notes/${note!.id}`, club)).statusCode).toBe(
        204,
      );
      expect(
        (await inject('GET', `/api/applications/${application.id}/notes`, club)).json(),
      ).toEqual([]);
    });

    it('filters and sorts the applications received', async () => {
      const club = await verifiedClub();
      const a = await applied(club);
      const b = await applied(club);
      await move(club, b.application.id, { stage: 'shortlisted' });
      const list = async (query: string) =>
        (await inject('GET', `/api/me/applications-received?${query}`, club))
          .json<Application[]>()
          .map((x) => x.id);
      expect(await list(`offer=${a.offer.id}`)).toEqual([a.application.id]);
      expect(await list('stage=shortlisted')).toEqual([b.application.id]);
      expect(await list('sort=oldest')).toEqual([a.application.id, b.application.id]);
      expect(await list('sort=newest')).toEqual([b.application.id, a.application.id]);
      expect(
        (await inject('GET', '/api/me/applications-received?stage=hired', club)).statusCode,
      ).toBe(400);
      expect((await inject('GET', '/api/me/applications-received?sort=cv', club)).statusCode).toBe(
        200,
      );
    });

    it('keeps application_count equal to the rows under concurrent applies and withdrawals', async () => {
      const club = await verifiedClub();
      const offer = await postOffer(club);
      const players = await Promise.all(
        Array.from({ length: 25 }, () => signUp(context(), { userType: 'player' })),
      );
      // 25 applies and, for the first 25 applications of another offer, 25 withdrawals at once.
      const warm = await postOffer(club);
      for (const player of players) await apply(player, warm.id);
      const ids = await Promise.all(
        players.map(
          async (player) =>
            (await inject('GET', '/api/me/applications', player)).json<MyApplicationPage>()
              .items[0]!.id,
        ),
      );
      const results = await Promise.all([
        ...players.map((player) => apply(player, offer.id)),
        ...players.map((player, i) =>
          inject('POST', `/api/applications/${ids[i]}/withdraw`, player),
        ),
        ...players.slice(0, 5).map((player) => apply(player, offer.id)),
      ]);
      expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
      const rows = await selectRows<{ counted: number; rows: number }>(
        context().database.db,
        sql`SELECT o.application_count AS counted,
            (SELECT count(*)::int FROM offer_applications a WHERE a.offer_id = o.id) AS rows
          FROM athlete_offers o WHERE o.id IN (${offer.id}, ${warm.id})`,
      );
      for (const row of rows) expect(row.counted).toBe(row.rows);
      expect(rows.map((r) => r.rows).sort()).toEqual([25, 25]);
      const mine = (await inject('GET', '/api/me/offers', club)).json<{
        totalApplications: number;
      }>();
      expect(mine.totalApplications).toBe(50);
    });

    it('answers every move as the rules say, on the real database (property)', async () => {
      const club = await verifiedClub();
      const target = fc.constantFrom(...APPLICATION_STAGES);
      const step = fc.record({ who: fc.constantFrom('poster', 'athlete'), to: target });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
          const { player, application } = await applied(club);
          let at: ApplicationStage = 'pending';
          for (const { who, to } of steps) {
            const response =
              who === 'athlete'
                ? await inject('POST', `/api/applications/${application.id}/withdraw`, player)
                : await move(club, application.id, {
                    stage: to,
                    ...(to === 'trial' ? { trialAt: inAWeek(), trialPlace: 'Porto' } : {}),
                  });
            const wanted = who === 'athlete' ? 'withdrawn' : to;
            const allowed =
              who === 'poster' && !(POSTER_STAGES as readonly string[]).includes(to)
                ? 400
                : canMoveStage(at, wanted, who === 'poster' ? 'poster' : 'athlete')
                  ? 200
                  : 409;
            expect(response.statusCode, `${at} → ${wanted} by ${who}: ${response.body}`).toBe(
              allowed,
            );
            if (allowed === 200) at = wanted;
          }
          const mine = (
            await inject('GET', '/api/me/applications', player)
          ).json<MyApplicationPage>();
          const found = mine.items.find((a) => a.id === application.id)!;
          expect(found.stage).toBe(at);
          expect(found.history.at(-1)!.stage).toBe(at);
        }),
        { numRuns: 12 },
      );
    });

    it('refuses a player moving or opening applications, with the spec’s review message', async () => {
      const club = await verifiedClub();
      const { player, application } = await applied(club);
      const opened = await inject('GET', `/api/applications/${application.id}`, player);
      expect(opened.statusCode).toBe(403);
      expect(opened.json<ErrorBody>().error.message).toBe(MESSAGES.offer.reviewAccessDenied);
    });
  },
  OFFERS_CONFIG,
);
