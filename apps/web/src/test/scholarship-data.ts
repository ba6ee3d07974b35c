import type { Scholarship } from '@arena/shared/scholarship.schema';

import { CLUB } from './offer-data.ts';

/** Test data shaped like the scholarships API's answers. */
export function makeScholarship(overrides: Partial<Scholarship> = {}): Scholarship {
  return {
    id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
    title: 'Women’s Soccer Full Ride',
    institution: 'Lakeside University',
    sport: 'football',
    country: 'United States',
    level: 'ncaa-d1',
    coverage: 'full',
    amount: '$48,000 a year',
    places: 2,
    signedCount: 0,
    ageMin: 17,
    ageMax: 19,
    academicRequirements: 'GPA 3.0 or higher',
    positions: 'Goalkeeper, Defender',
    deadline: '2099-03-01T17:00:00.000Z',
    description: 'Four years of tuition, housing and meals.',
    howToApply: 'Apply with your highlights and transcript.',
    applicationCount: 0,
    createdAt: '2027-01-04T10:00:00.000Z',
    poster: { ...CLUB },
    paused: false,
    appliedByMe: false,
    closedReason: null,
    canManage: false,
    ...overrides,
  };
}
