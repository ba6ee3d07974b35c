import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';
import type { OrganizationProfile } from '@arena/shared/organization.schema';
import type { HomeSidebar, ProfilePage } from '@arena/shared/screens.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };
const m = MESSAGES.organization;

describeEachDatabase(
  'organisation profiles',
  (context) => {
    const { admin, verifiedClub, postOffer } = offersHelpers(context);
    const send = (method: 'GET' | 'PATCH', url: string, user: SignedUp | null, payload?: object) =>
      context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });
    const save = (user: SignedUp, payload: object) =>
      send('PATCH', '/api/me/organization', user, payload);
    const page = async (username: string, viewer: SignedUp | null) => {
      const response = await send('GET', `/api/profiles/${username}`, viewer);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ProfilePage>();
    };

    it('gives a club an organisation profile, not an athlete CV', async () => {
      const club = await signUp(context(), { userType: 'club' });
      const saved = await save(club, {
        about: '  A football academy in Porto.  ',
        sports: ['padel', 'football', 'basketball', 'football'],
        city: 'Porto',
        country: 'Portugal',
        league: 'Liga 3',
        website: 'https://fcarena.test',
        foundedYear: 1912,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<OrganizationProfile>()).toMatchObject({
        userType: 'club',
        about: 'A football academy in Porto.',
        // Each sport once, in the product list's order.
        sports: ['football', 'basketball', 'padel'],
        city: 'Porto',
        country: 'Portugal',
        league: 'Liga 3',
        website: 'https://fcarena.test',
        foundedYear: 1912,
        offers: [],
      });

      const visitorView = await page(club.input.username, null);
      expect(visitorView.cv).toBeNull();
      expect(visitorView.organization).toMatchObject({ city: 'Porto', foundedYear: 1912 });
      // The fill rate is the owner's alone.
      expect(visitorView.organization?.fillRate).toBeNull();

      const ownView = await page(club.input.username, club);
      // Name, about, sports, city, country, league, website, founded year: 8 of 10.
      expect(ownView.organization?.fillRate).toBe(80);

      const player = await signUp(context(), { userType: 'player' });
      const playerView = await page(player.input.username, club);
      expect(playerView.organization).toBeNull();
      expect(playerView.cv).not.toBeNull();
    });

    it('refuses bad fields with clear messages and changes nothing', async () => {
      const club = await signUp(context(), { userType: 'club' });
      await save(club, { city: 'Lyon' });
      const thisYear = new Date().getUTCFullYear();
      for (const [patch, message] of [
        [{ website: 'fcarena.test' }, m.websiteInvalid],
        [{ website: 'javascript:alert(1)' }, m.websiteInvalid],
        [{ website: 'ftp://fcarena.test' }, m.websiteInvalid],
        [{ foundedYear: 1849 }, m.foundedYearRange],
        [{ foundedYear: thisYear + 1 }, m.foundedYearRange],
        [{ foundedYear: 1990.5 }, m.foundedYearRange],
        [{ sports: ['quidditch'] }, m.sportInvalid],
        [{ city: 'x'.repeat(81) }, m.cityMax],
        [{ about: 'x'.repeat(2001) }, m.aboutMax],
        [{ licenceNumber: 'FIFA-123' }, m.licenceAgentsCoachesOnly],
      ] as const) {
        const response = await save(club, { city: 'Paris', ...patch });
        expect(response.statusCode, JSON.stringify(patch)).toBe(400);
        expect(response.json<ErrorBody>().error.message).toBe(message);
      }
      const empty = await save(club, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().error.message).toBe(m.nothingToSave);
      expect((await page(club.input.username, null)).organization?.city).toBe('Lyon');
      expect((await save(club, { foundedYear: thisYear })).statusCode).toBe(200);

      const agent = await signUp(context(), { userType: 'agent' });
      const year = await save(agent, { foundedYear: 2000 });
      expect(year.statusCode).toBe(400);
      expect(year.json<ErrorBody>().error.message).toBe(m.foundedYearClubsOnly);
    });

    it('shows an agent’s licence number only to the agent and to admins', async () => {
      const agent = await signUp(context(), { userType: 'agent' });
      const licence = `LIC-${Date.now()}`;
      const saved = await save(agent, { licenceNumber: licence, city: 'Madrid' });
      expect(saved.json<OrganizationProfile>().licenceNumber).toBe(licence);

      const other = await signUp(context(), { userType: 'club' });
      const reviewer = await admin();
      for (const [viewer, sees] of [
        [agent, true],
        [reviewer, true],
        [other, false],
        [null, false],
      ] as const) {
        for (const url of [
          `/api/profiles/${agent.input.username}`,
          `/api/profiles/${agent.input.username}/organization`,
        ]) {
          const response = await send('GET', url, viewer);
          expect(response.statusCode).toBe(200);
          // Others never receive the number, nor the key.
          expect(response.body.includes(licence), url).toBe(sees);
          if (!sees) expect(response.body).not.toContain('licenceNumber');
        }
      }
      // The organisation's own sidebar carries it too, and its fill rate.
      const home = (await send('GET', '/api/me/home', agent)).json<HomeSidebar>();
      expect(home.cv).toBeNull();
      expect(home.organization?.licenceNumber).toBe(licence);
      expect(home.organization?.fillRate).toBe(30);
    });

    it('lists the organisation’s offers, newest first', async () => {
      const club = await verifiedClub();
      const first = await postOffer(club, { title: 'Goalkeeper' });
      const second = await postOffer(club, { title: 'Winger' });
      const organization = (await page(club.input.username, null)).organization;
      expect(organization?.offers.map((offer) => offer.id)).toEqual([second.id, first.id]);
      expect(organization?.offers[0]).toMatchObject({ title: 'Winger', sport: 'football' });
    });

    it('keeps the athlete CV for players and the organisation profile for organisations', async () => {
      const club = await signUp(context(), { userType: 'coach' });
      const cv = await send('PATCH', '/api/me/cv/athlete', club, { aboutPlayer: 'Fast' });
      expect(cv.statusCode).toBe(403);
      expect(cv.json<ErrorBody>().error.message).toBe(m.playersOnly);
      const cvPage = await send('GET', `/api/profiles/${club.input.username}/cv`, null);
      expect(cvPage.statusCode).toBe(404);

      const player = await signUp(context(), { userType: 'player' });
      const organization = await save(player, { city: 'Porto' });
      expect(organization.statusCode).toBe(403);
      expect(organization.json<ErrorBody>().error.message).toBe(m.organizationsOnly);
      const read = await send('GET', `/api/profiles/${player.input.username}/organization`, null);
      expect(read.statusCode).toBe(404);
      expect(read.json<ErrorBody>().error.message).toBe(m.organizationsOnly);
    });
  },
  OFFERS_CONFIG,
);
