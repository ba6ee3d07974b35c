import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { Notification, NotificationPage } from '@arena/shared/notification.schema';
import type { SavedSearch, SavedSearchList } from '@arena/shared/scout.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';
import { outboxMails } from './outbox.ts';

const m = MESSAGES.scout;

describeEachDatabase(
  'saved searches and their alerts',
  (context) => {
    const { inject, verifiedClub, admin, review } = offersHelpers(context);
    let serial = 0;
    /** A nationality no other test's athlete has: each test's searches see only its own. */
    const land = () => `Savedland${Date.now().toString(36)}${(serial += 1)}`;

    const patch = (url: string, user: SignedUp, payload: object) =>
      context().app.inject({ method: 'PATCH', url, headers: user.bearer, payload });

    async function save(user: SignedUp, name: string, query: string, alerts?: boolean) {
      return inject('POST', '/api/scout/saved-searches', user, {
        name,
        query,
        ...(alerts === undefined ? {} : { alerts }),
      });
    }
    async function saved(user: SignedUp, name: string, query: string, alerts?: boolean) {
      const response = await save(user, name, query, alerts);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<SavedSearch>();
    }
    const list = async (user: SignedUp) => {
      const response = await inject('GET', '/api/scout/saved-searches', user);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SavedSearchList>().items;
    };

    async function athlete(cv: Record<string, unknown>, name?: string) {
      const user = await signUp(context(), name ? { fullName: name } : {});
      const response = await patch('/api/me/cv/athlete', user, cv);
      expect(response.statusCode, response.body).toBe(200);
      return user;
    }

    const alertsOf = async (user: SignedUp): Promise<Notification[]> => {
      const response = await inject('GET', '/api/notifications', user);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<NotificationPage>().items.filter((n) => n.kind === 'scout_alert');
    };
    /**
     * The scout's alerts once `done` says so, or after 20 s. A search is looked at once an
     * interval (1 s here) by a sweep, which a CV's change brings a second later (one for the
     * changes of that second); a change that lands before the search is due again waits for the
     * next sweep, every quarter of an hour. Here, a bystander's CV changes every second instead,
     * bringing a sweep as that clock would.
     */
    async function alertsWhen(user: SignedUp, done: (alerts: Notification[]) => boolean) {
      const bystander = await signUp(context());
      for (let waited = 0; ; waited += 200) {
        const alerts = await alertsOf(user);
        if (done(alerts) || waited > 20_000) return alerts;
        if (waited % 1_000 === 0) {
          const availabilityStatus = waited % 2_000 === 0 ? 'Available' : 'Not Available';
          const tick = await patch('/api/me/cv/athlete', bystander, { availabilityStatus });
          expect(tick.statusCode, tick.body).toBe(200);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const names = (entry: Notification | undefined) =>
      (entry?.actors ?? []).map((actor) => actor.username).sort();

    it('keeps named searches for verified organisations and admins, each its owner’s alone', async () => {
      const club = await verifiedClub();
      const first = await saved(
        club,
        'U19 wingers',
        'position=Left+Winger&sport=football&ageMax=19',
      );
      // Canonical: /scout's order, blank values dropped, alerts on unless asked otherwise.
      expect(first).toMatchObject({
        name: 'U19 wingers',
        query: 'sport=football&position=Left+Winger&ageMax=19',
        alerts: true,
      });
      const second = await saved(club, 'Keepers', 'position=Goalkeeper&q=&sort=activity', false);
      expect(second).toMatchObject({ query: 'position=Goalkeeper&sort=activity', alerts: false });
      expect((await list(club)).map((s) => s.name)).toEqual(['Keepers', 'U19 wingers']);

      const renamed = await patch(`/api/scout/saved-searches/${first.id}`, club, {
        name: 'Young wingers',
        alerts: false,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Young wingers', alerts: false });

      // Another scout cannot see, change or delete it; players and unverified accounts are refused.
      const other = await admin();
      expect(await list(other)).toEqual([]);
      const url = `/api/scout/saved-searches/${first.id}`;
      expect((await patch(url, other, { alerts: true })).statusCode).toBe(404);
      expect((await inject('DELETE', url, other)).statusCode).toBe(404);
      for (const refused of [
        await signUp(context()),
        await signUp(context(), { userType: 'club' }),
      ]) {
        const response = await inject('GET', '/api/scout/saved-searches', refused);
        expect(response.statusCode).toBe(403);
        expect(response.body).toContain(m.verifiedOnly);
        expect((await save(refused, 'Mine', 'sport=football')).statusCode).toBe(403);
      }
      expect((await inject('GET', '/api/scout/saved-searches', null)).statusCode).toBe(401);

      expect((await inject('DELETE', url, club)).statusCode).toBe(204);
      expect((await list(club)).map((s) => s.name)).toEqual(['Keepers']);
      expect((await inject('DELETE', url, club)).statusCode).toBe(404);
    });

    it('refuses bad input with a message and changes nothing', async () => {
      const club = await verifiedClub('agent');
      await saved(club, 'Centre backs', 'position=Centre+back');
      for (const [payload, status, message] of [
        [{ name: 'centre BACKS', query: 'sport=rugby' }, 409, m.savedNameTaken],
        [{ name: '   ', query: 'sport=rugby' }, 400, m.savedNameRequired],
        [{ name: 'x'.repeat(61), query: 'sport=rugby' }, 400, m.savedNameTooLong],
        [{ name: 'Nothing', query: 'sort=activity' }, 400, m.savedFiltersRequired],
        [{ name: 'Nothing', query: '' }, 400, m.savedFiltersRequired],
        [{ name: 'Unknown', query: 'shoe=44' }, 400, m.savedFilterUnknown],
        [{ name: 'Cursor', query: 'sport=rugby&cursor=abc' }, 400, m.savedFilterUnknown],
        [{ name: 'Ages', query: 'ageMin=30&ageMax=20' }, 400, m.rangeReversed],
        [{ name: 'Sport', query: 'sport=quidditch' }, 400, MESSAGES.cv.sportInvalid],
        [{ name: 'Alerts', query: 'sport=rugby', alerts: 'yes' }, 400, 'Alerts must be on or off.'],
      ] as const) {
        const response = await inject('POST', '/api/scout/saved-searches', club, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(status);
        expect(response.body, JSON.stringify(payload)).toContain(message);
      }
      const [kept] = await list(club);
      const url = `/api/scout/saved-searches/${kept!.id}`;
      expect((await patch(url, club, {})).statusCode).toBe(400);
      expect((await patch(url, club, { name: '' })).statusCode).toBe(400);
      const notAnId = await patch(`/api/scout/saved-searches/not-an-id`, club, { alerts: true });
      expect(notAnId.statusCode).toBe(400);
      expect(notAnId.body).toContain(MESSAGES.notFound);
      expect(await list(club)).toEqual([kept]);
    });

    it('keeps at most 20 a scout', async () => {
      const club = await verifiedClub('coach');
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => saved(club, `Search ${i}`, `heightMin=${150 + i}`)),
      );
      const refused = await save(club, 'One more', 'heightMin=190');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { message: m.savedLimit } });
      expect(await list(club)).toHaveLength(20);
    });

    it('alerts about athletes who newly match, once each, by notification and email', async () => {
      const nation = land();
      const club = await verifiedClub();
      // Matching before the search was saved: not news.
      await athlete({ sport: 'football', nationalities: nation, availabilityStatus: 'Available' });
      const later = await athlete({ sport: 'football', nationalities: nation }, 'Later Available');
      const search = await saved(club, 'Available now', `nationality=${nation}&available=true`);
      const quiet = await saved(club, 'Quiet', `nationality=${nation}`, false);
      expect(quiet.alerts).toBe(false);

      // Starts matching: availability turned on after the search was saved.
      await patch('/api/me/cv/athlete', later, { availabilityStatus: 'Available' });
      // A new athlete who matches, and one who blocked the scout.
      const fresh = await athlete(
        { sport: 'football', nationalities: nation, availabilityStatus: 'Available' },
        'Fresh Signing',
      );
      const blocker = await athlete({ nationalities: nation, availabilityStatus: 'Available' });
      await inject('PUT', `/api/profiles/${club.input.username}/block`, blocker);

      const alerts = await alertsWhen(club, (found) => (found[0]?.actorCount ?? 0) >= 2);
      expect(alerts).toHaveLength(1);
      const [entry] = alerts;
      expect(entry).toMatchObject({
        subject: { type: 'saved_search', id: search.id, name: 'Available now' },
        actorCount: 2,
        href: `/scout?${search.query}`,
      });
      expect(names(entry)).toEqual([fresh.input.username, later.input.username].sort());

      // Email: "… match your saved search “Available now”", as it happens by default.
      // (The first is the verification's decision.)
      const mails = await outboxMails(context().dataDir, club.input.email, 2);
      expect(
        mails.some((mail) => mail.subject?.includes('your saved search “Available now”')),
      ).toBe(true);

      // Never told twice: availability off and on again, and time passing, add nobody.
      await patch('/api/me/cv/athlete', later, { availabilityStatus: 'Not Available' });
      await patch('/api/me/cv/athlete', later, { availabilityStatus: 'Available' });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const again = await alertsOf(club);
      expect(again).toHaveLength(1);
      expect(again[0]?.actorCount).toBe(2);
    });

    it('tells nobody for a search without alerts, nor an owner who lost their verification', async () => {
      const nation = land();
      const club = await verifiedClub();
      const off = await saved(club, 'Off', `nationality=${nation}`, false);
      const unverifiedLater = await verifiedClub('agent');
      await saved(unverifiedLater, 'Mine', `nationality=${nation}`);
      await review(unverifiedLater, 'disapprove');
      await athlete({ nationalities: nation }, 'Unseen Athlete');
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(await alertsOf(club)).toEqual([]);
      expect(await alertsOf(unverifiedLater)).toEqual([]);

      // Alerts turned on look from then on: the athlete from before is not news.
      const on = await patch(`/api/scout/saved-searches/${off.id}`, club, { alerts: true });
      expect(on.statusCode, on.body).toBe(200);
      const next = await athlete({ nationalities: nation }, 'Next Athlete');
      const alerts = await alertsWhen(club, (found) => found.length > 0);
      expect(names(alerts[0])).toEqual([next.input.username]);
    });
  },
  { ...OFFERS_CONFIG, scoutAlertIntervalSeconds: 1 },
);
