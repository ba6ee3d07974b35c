import { describe, expect, it } from 'vitest';

import { type CvFillInput, cvFillBand, cvFillRate } from './cv-fill-rate.ts';

const emptyAthlete = {
  sport: null,
  mainPosition: null,
  otherPositions: null,
  heightCm: null,
  weightKg: null,
  armSpan: null,
  birthdate: null,
  sex: null,
  nationalities: null,
  aboutPlayer: null,
  availabilityStatus: null,
};
const bare: CvFillInput = {
  fullName: null,
  bio: null,
  avatarUrl: null,
  athlete: null,
  careerCount: 0,
  awardsCount: 0,
};

// The weights add up to 16.5 (spec section 9); each case below is computed by hand.
describe('cvFillRate', () => {
  it('is 0 for nothing at all', () => {
    expect(cvFillRate(bare)).toBe(0);
  });

  it('counts a new account with only a full name: 1 / 16.5 = 6%', () => {
    expect(cvFillRate({ ...bare, fullName: 'Ana Lima', athlete: emptyAthlete })).toBe(6);
  });

  it('gives career history 2 and awards 1.5: (1 + 2 + 1.5) / 16.5 = 27%', () => {
    expect(cvFillRate({ ...bare, fullName: 'Ana', careerCount: 3, awardsCount: 1 })).toBe(27);
  });

  it('gives other positions and arm span half a point each: (1 + 0.5 + 0.5) / 16.5 = 12%', () => {
    const athlete = { ...emptyAthlete, otherPositions: 'LW', armSpan: '190 cm' };
    expect(cvFillRate({ ...bare, fullName: 'Ana', athlete })).toBe(12);
  });

  it('ignores blank strings', () => {
    const athlete = { ...emptyAthlete, sport: '   ', aboutPlayer: '' };
    expect(cvFillRate({ ...bare, fullName: ' ', bio: '', athlete })).toBe(0);
  });

  it('counts a height of any number, and a profile with every field is 100%', () => {
    const athlete = {
      sport: 'Football',
      mainPosition: 'Striker',
      otherPositions: 'Winger',
      heightCm: 180,
      weightKg: 75.5,
      armSpan: '185 cm',
      birthdate: '2008-04-02',
      sex: 'Female',
      nationalities: 'Portuguese',
      aboutPlayer: 'Fast and two-footed.',
      availabilityStatus: 'Available',
    };
    expect(
      cvFillRate({
        fullName: 'Ana',
        bio: 'Hi',
        avatarUrl: '/a.webp',
        athlete,
        careerCount: 1,
        awardsCount: 1,
      }),
    ).toBe(100);
  });

  it('rounds half up: name, bio, avatar, sport, position, height, weight, birthdate = 8 / 16.5 = 48.48 → 48%', () => {
    const athlete = {
      ...emptyAthlete,
      sport: 'Tennis',
      mainPosition: 'Singles',
      heightCm: 170,
      weightKg: 60,
      birthdate: '2000-01-01',
    };
    expect(cvFillRate({ ...bare, fullName: 'A', bio: 'B', avatarUrl: 'C', athlete })).toBe(48);
  });

  it('reaches 52% with 8.5 points', () => {
    const athlete = {
      ...emptyAthlete,
      sport: 'Tennis',
      mainPosition: 'Singles',
      heightCm: 170,
      weightKg: 60,
      birthdate: '2000-01-01',
      armSpan: '1',
    };
    expect(cvFillRate({ ...bare, fullName: 'A', bio: 'B', avatarUrl: 'C', athlete })).toBe(52);
  });
});

describe('cvFillBand', () => {
  it.each([
    [0, 'incomplete'],
    [49, 'incomplete'],
    [50, 'almost-there'],
    [79, 'almost-there'],
    [80, 'great'],
    [100, 'great'],
  ] as const)('%i%% is %s', (percent, band) => {
    expect(cvFillBand(percent)).toBe(band);
  });
});
