import { describe, expect, it } from 'vitest';

import {
  FEED_FILTER_SPORTS,
  OFFER_FILTER_PRIMARY_SPORTS,
  SPORTS,
  SPORT_LABELS,
  parseSport,
} from './constants.ts';
import { athleteProfilePatchSchema } from './cv.schema.ts';
import { MESSAGES } from './messages.ts';
import { createOfferSchema, offersQuerySchema } from './offer.schema.ts';
import { organizationProfilePatchSchema } from './organization.schema.ts';
import { createPostSchema, feedQuerySchema } from './post.schema.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('the one list of sports', () => {
  it("holds each sport once, with a label, 'other' last", () => {
    expect(new Set(SPORTS).size).toBe(SPORTS.length);
    expect(SPORTS.at(-1)).toBe('other');
    expect(Object.keys(SPORT_LABELS).sort()).toEqual([...SPORTS].sort());
    for (const sport of SPORTS) expect(SPORT_LABELS[sport].trim()).not.toBe('');
    expect(SPORT_LABELS['american-football']).toBe('American Football');
  });

  it("merges the spec's feed six and offers' nine, in the spec's orders", () => {
    expect(FEED_FILTER_SPORTS).toEqual([
      'football',
      'basketball',
      'tennis',
      'american-football',
      'rugby',
      'padel',
    ]);
    expect(OFFER_FILTER_PRIMARY_SPORTS).toEqual([
      'basketball',
      'football',
      'tennis',
      'baseball',
      'volleyball',
      'hockey',
      'rugby',
      'other',
    ]);
    for (const sport of [...FEED_FILTER_SPORTS, ...OFFER_FILTER_PRIMARY_SPORTS]) {
      expect(SPORTS).toContain(sport);
    }
  });

  it('reads a slug of the list from the address, and nothing else', () => {
    expect(parseSport('padel')).toBe('padel');
    expect(parseSport('water-polo')).toBe('water-polo');
    expect(parseSport('Padel')).toBeNull();
    expect(parseSport('chess')).toBeNull();
    expect(parseSport(null)).toBeNull();
  });
});

describe('every schema takes the whole list', () => {
  const post = { content: 'Match day' };
  const offer = {
    title: 'Coach',
    organizationName: 'Club',
    location: 'Lyon',
    positions: 'Coach',
    contractType: 'Full Season',
    salary: 'TBD',
    description: 'A role.',
  };

  it.each(SPORTS)('a post, an offer, a CV and an organisation about %s', (sport) => {
    expect(createPostSchema.parse({ ...post, sport }).sport).toBe(sport);
    expect(createOfferSchema.parse({ ...offer, sport }).sport).toBe(sport);
    expect(athleteProfilePatchSchema.parse({ sport }).sport).toBe(sport);
    expect(organizationProfilePatchSchema.parse({ sports: [sport] }).sports).toEqual([sport]);
    expect(feedQuerySchema.parse({ sport }).sport).toBe(sport);
    expect(offersQuerySchema.parse({ sport }).sport).toBe(sport);
  });

  it('asks for a missing sport, and says an unknown one is not on the list', () => {
    expect(firstMessage(createPostSchema.safeParse(post))).toBe(MESSAGES.validation.sportRequired);
    expect(firstMessage(createPostSchema.safeParse({ ...post, sport: '' }))).toBe(
      MESSAGES.validation.sportRequired,
    );
    expect(firstMessage(createPostSchema.safeParse({ ...post, sport: 'chess' }))).toBe(
      MESSAGES.validation.sportUnknown,
    );
    expect(firstMessage(createOfferSchema.safeParse(offer))).toBe(MESSAGES.offer.sportRequired);
    expect(firstMessage(createOfferSchema.safeParse({ ...offer, sport: 'Football' }))).toBe(
      MESSAGES.validation.sportUnknown,
    );
  });

  it("keeps a CV's sport to the list; null clears it", () => {
    expect(athleteProfilePatchSchema.parse({ sport: null }).sport).toBeNull();
    for (const sport of ['Football', 'quidditch', '', 42]) {
      expect(firstMessage(athleteProfilePatchSchema.safeParse({ sport }))).toBe(
        MESSAGES.cv.sportInvalid,
      );
    }
  });

  it("keeps an organisation's sports each once, in the list's order", () => {
    expect(
      organizationProfilePatchSchema.parse({ sports: ['other', 'golf', 'football', 'golf'] })
        .sports,
    ).toEqual(['football', 'golf', 'other']);
    expect(
      firstMessage(organizationProfilePatchSchema.safeParse({ sports: ['football', 'chess'] })),
    ).toBe(MESSAGES.organization.sportInvalid);
  });
});
