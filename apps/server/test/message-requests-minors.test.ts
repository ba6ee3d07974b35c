import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { follow } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { messageRequestHelpers } from './message-requests-fixtures.ts';
import { OFFERS_CONFIG } from './offers-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase(
  'message requests and minors',
  (context) => {
    const {
      verifiedClub,
      setBirthdate,
      player,
      minor,
      unverifiedClub,
      open,
      send,
      write,
      listed,
      requests,
      answer,
      readFlags,
      noticesFor,
      conversationsOf,
    } = messageRequestHelpers(context);

    it('minors: adults outside verified organisations cannot message them at all, nothing stored', async () => {
      const young = await minor();
      const noBirthdate = await player(null);
      const adult = await player();
      const unverified = await unverifiedClub();
      for (const [from, to] of [
        [adult, young],
        [unverified, young],
        [adult, noBirthdate],
        // Either way round: a minor cannot start one with such an adult either.
        [young, adult],
        [young, unverified],
      ] as const) {
        const refused = await open(from, to);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<ErrorBody>().error.message).toBe(
          MESSAGES.messaging.minorsOnlyVerifiedOrganisations,
        );
      }
      expect(await conversationsOf(young)).toBe(0);
      expect(await conversationsOf(noBirthdate)).toBe(0);
    });

    it('minors: a message in a conversation that became adult-to-minor is refused and not stored', async () => {
      // An adult and an adult player who then corrects their birthdate to one under 18.
      const adult = await player();
      const later = await player();
      const id = await write(later, adult);
      await setBirthdate(later, '2012-01-01');
      const refused = await send(adult, id, 'Are you free?');
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toBe(
        MESSAGES.messaging.minorsOnlyVerifiedOrganisations,
      );
      expect(await readFlags(adult, id)).toHaveLength(1);
    });

    it('minors: a verified organisation’s first message is a request even if followed; minors among themselves follow the setting', async () => {
      const young = await minor();
      const club = await verifiedClub('agent');
      await follow(context(), young, club.input.username);
      const fromClub = await write(club, young);
      expect(await listed(young)).toEqual([]);
      expect((await requests(young)).items.map((c) => c.id)).toEqual([fromClub]);
      expect(await noticesFor(young)).toBe(0);
      // The minor may write to a verified organisation (its setting permitting).
      const toClub = await write(young, await verifiedClub());
      expect(await listed(young)).toEqual([toClub]);

      const friend = await minor();
      const other = await minor();
      await follow(context(), young, friend.input.username);
      const fromFriend = await write(friend, young);
      const fromOther = await write(other, young);
      expect(await listed(young)).toContain(fromFriend);
      expect(await listed(young)).not.toContain(fromOther);
      expect((await requests(young)).items.map((c) => c.id)).toContain(fromOther);
      expect((await answer(young, fromClub, 'accept')).statusCode).toBe(200);
      expect(await listed(young)).toContain(fromClub);
    });
  },
  OFFERS_CONFIG,
);
