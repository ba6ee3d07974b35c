import type { Application, Offer } from '@arena/shared/offer.schema';
import type { VerificationRequest } from '@arena/shared/verification.schema';

/** Test data shaped like the API's answers (the tests' fake API returns them as JSON). */

export const CLUB = {
  id: '5d7c9a2e-1b3f-4e6a-8c0d-2f4b6a8c0e1d',
  username: 'riverside_fc',
  fullName: 'Riverside FC',
  avatarUrl: null,
  verified: true,
  userType: 'club',
} as const;

export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    title: 'Starting Point Guard',
    organizationName: 'Riverside FC',
    location: 'Lyon, France',
    leagueLevel: null,
    sport: 'basketball',
    positions: 'Point Guard',
    contractType: 'Full Season',
    salary: '€4,000 / month',
    description: 'A starting role for a playmaker.',
    requirements: null,
    applicationCount: 0,
    createdAt: '2025-03-04T10:00:00.000Z',
    poster: { ...CLUB },
    paused: false,
    appliedByMe: false,
    deadline: null,
    places: null,
    signedCount: 0,
    closedReason: null,
    ...overrides,
  };
}

export function makeApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    offerId: makeOffer().id,
    createdAt: '2025-03-05T10:00:00.000Z',
    status: 'pending',
    stageChangedAt: '2025-03-05T10:00:00.000Z',
    hasCv: true,
    cvFillRate: 60,
    noteCount: 0,
    athleteName: 'jordan miles',
    email: 'jordan@arena.test',
    sport: 'Basketball',
    currentTeam: null,
    positionRole: 'Point Guard',
    yearsExperience: 6,
    achievements: null,
    heightWeight: null,
    availability: 'From July',
    whyInterested: 'I want to run a pro offence.',
    willingToRelocate: true,
    desiredContractDuration: 'Multi-Year',
    applicant: {
      id: '9b2e7c1a-4d3f-4a6b-9c8d-7e6f5a4b3c2d',
      username: 'jordan_23',
      avatarUrl: null,
    },
    offer: { id: makeOffer().id, title: 'Starting Point Guard', organizationName: 'Riverside FC' },
    ...overrides,
  };
}

export function makeVerificationRequest(
  overrides: Partial<VerificationRequest> = {},
): VerificationRequest {
  return {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    status: 'pending',
    createdAt: '2025-03-01T10:00:00.000Z',
    fullName: 'Riverside FC',
    organizationName: 'Riverside Football Club',
    organizationType: 'club',
    email: 'office@riverside.test',
    phone: null,
    website: null,
    officialContact: null,
    additionalInfo: null,
    profile: { id: CLUB.id, username: CLUB.username, avatarUrl: null },
    reviewedAt: null,
    ...overrides,
  };
}
