import type { Camp, CampRegistration } from '@arena/shared/camp.schema';

import { CLUB } from './offer-data.ts';

/** Test data shaped like the camps API's answers. */

export function makeCamp(overrides: Partial<Camp> = {}): Camp {
  return {
    id: '2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d',
    title: 'Summer Football Camp',
    sport: 'football',
    organizer: 'Riverside Academy',
    description: 'Five days of technique and small-sided games.',
    online: false,
    venue: 'Riverside Park',
    city: 'Porto',
    country: 'Portugal',
    startsOn: '2027-07-12',
    endsOn: '2027-07-16',
    ageMin: 12,
    ageMax: 16,
    level: 'intermediate',
    price: 49.5,
    currency: 'EUR',
    capacity: 20,
    placesLeft: 5,
    waitlistCount: 0,
    registrationDeadline: null,
    whatToBring: 'Boots and a water bottle.',
    contact: 'camps@riverside.test',
    image: null,
    poster: { ...CLUB },
    createdAt: '2027-01-04T10:00:00.000Z',
    cancelledAt: null,
    closedReason: null,
    myRegistration: null,
    canManage: false,
    ...overrides,
  };
}

export function makeRegistration(overrides: Partial<CampRegistration> = {}): CampRegistration {
  return {
    id: '4d5e6f70-8192-4a3b-8c4d-5e6f7a8b9c0d',
    status: 'booked',
    createdAt: '2027-02-01T10:00:00.000Z',
    updatedAt: '2027-02-01T10:00:00.000Z',
    member: {
      id: '6f708192-a3b4-4c5d-9e6f-7a8b9c0d1e2f',
      username: 'ana_silva',
      fullName: 'Ana Silva',
      avatarUrl: null,
      verified: false,
      userType: 'player',
    },
    ...overrides,
  };
}
