/** Enumerations shared by the database, the API and the screens (spec section 3). */
export const USER_TYPES = ['player', 'agent', 'coach', 'club'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  player: 'Player',
  agent: 'Agent',
  coach: 'Coach',
  club: 'Club',
};

/** User types that may request verification and, once verified, post offers. */
export const ORGANIZATION_TYPES = ['agent', 'coach', 'club'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The product's one list of sports: posts, offers, organisations and CVs all choose from it.
 * The spec's feed six first, then the offers' own, then more; 'other' always last.
 */
export const SPORTS = [
  'football',
  'basketball',
  'tennis',
  'american-football',
  'rugby',
  'padel',
  'baseball',
  'volleyball',
  'hockey',
  'athletics',
  'badminton',
  'beach-volleyball',
  'boxing',
  'cricket',
  'cycling',
  'futsal',
  'golf',
  'handball',
  'martial-arts',
  'swimming',
  'table-tennis',
  'water-polo',
  'other',
] as const;
export type Sport = (typeof SPORTS)[number];

export const SPORT_LABELS: Record<Sport, string> = {
  football: 'Football',
  basketball: 'Basketball',
  tennis: 'Tennis',
  'american-football': 'American Football',
  rugby: 'Rugby',
  padel: 'Padel',
  baseball: 'Baseball',
  volleyball: 'Volleyball',
  hockey: 'Hockey',
  athletics: 'Athletics',
  badminton: 'Badminton',
  'beach-volleyball': 'Beach Volleyball',
  boxing: 'Boxing',
  cricket: 'Cricket',
  cycling: 'Cycling',
  futsal: 'Futsal',
  golf: 'Golf',
  handball: 'Handball',
  'martial-arts': 'Martial Arts',
  swimming: 'Swimming',
  'table-tennis': 'Table Tennis',
  'water-polo': 'Water Polo',
  other: 'Other',
};

/** The feed filter's sports shown first (spec: the feed's sport chips), in the spec's order. */
export const FEED_FILTER_SPORTS = [
  'football',
  'basketball',
  'tennis',
  'american-football',
  'rugby',
  'padel',
] as const satisfies readonly Sport[];

/** The offers filter's sports shown first (spec: the offers grid's filter), in the spec's order. */
export const OFFER_FILTER_PRIMARY_SPORTS = [
  'basketball',
  'football',
  'tennis',
  'baseball',
  'volleyball',
  'hockey',
  'rugby',
  'other',
] as const satisfies readonly Sport[];

/** A slug of the list, or null (e.g. a `?sport=` value from the address bar). */
export function parseSport(value: string | null | undefined): Sport | null {
  return SPORTS.find((sport) => sport === value) ?? null;
}

export const CONTRACT_TYPES = ['Short-Term', 'Full Season', 'Multi-Year'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const AVAILABILITY_STATUSES = ['Available', 'Not Available'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const CAREER_ROLE_DEFAULT = 'Member';

export const SEXES = ['Male', 'Female'] as const;

/** A camp's level (issue 27): whom it is for. */
export const CAMP_LEVELS = ['beginner', 'intermediate', 'advanced', 'elite', 'all-levels'] as const;
export type CampLevel = (typeof CAMP_LEVELS)[number];

/** Currencies a paid camp may charge in (ISO 4217). */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'BRL', 'MXN'] as const;

/**
 * A member's place at a camp: interest registered (no place held), a booked place, a place on
 * the waiting list (the camp was full), or cancelled by the member before the start.
 */
export const CAMP_REGISTRATION_STATUSES = [
  'interested',
  'booked',
  'waitlisted',
  'cancelled',
] as const;
export type CampRegistrationStatus = (typeof CAMP_REGISTRATION_STATUSES)[number];

/** What an `athlete_offers` row is: an offer of a contract, or a scholarship (issue 27). */
export const OFFER_KINDS = ['offer', 'scholarship'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Where a scholarship is: a high school, a college's division, or an academy. */
export const SCHOLARSHIP_LEVELS = [
  'high-school',
  'ncaa-d1',
  'ncaa-d2',
  'ncaa-d3',
  'naia',
  'junior-college',
  'university',
  'academy',
] as const;
export type ScholarshipLevel = (typeof SCHOLARSHIP_LEVELS)[number];

export const SCHOLARSHIP_COVERAGES = ['full', 'partial', 'tuition', 'housing'] as const;
export type ScholarshipCoverage = (typeof SCHOLARSHIP_COVERAGES)[number];

/** Text limits of camps and scholarships (issue 27). */
export const LISTING_LIMITS = {
  title: 120,
  description: 5000,
  name: 120,
  place: 80,
  venue: 160,
  short: 500,
  text: 2000,
  ageMin: 5,
  ageMax: 99,
  capacityMax: 10_000,
  priceMax: 1_000_000,
} as const;
