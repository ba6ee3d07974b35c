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

/** Sports a post can be about. */
export const POST_SPORTS = [
  'football',
  'basketball',
  'tennis',
  'american-football',
  'rugby',
  'padel',
] as const;
export type PostSport = (typeof POST_SPORTS)[number];

export const POST_SPORT_LABELS: Record<PostSport, string> = {
  football: 'Football',
  basketball: 'Basketball',
  tennis: 'Tennis',
  'american-football': 'American Football',
  rugby: 'Rugby',
  padel: 'Padel',
};

/** Sports the offers grid filters by. */
export const OFFER_FILTER_SPORTS = [
  'basketball',
  'football',
  'tennis',
  'baseball',
  'volleyball',
  'hockey',
  'rugby',
  'other',
] as const;
export type OfferSport = (typeof OFFER_FILTER_SPORTS)[number];

/** Sports the post-offer form offers. */
export const OFFER_FORM_SPORTS = ['basketball', 'football', 'tennis', 'other'] as const;

export const CONTRACT_TYPES = ['Short-Term', 'Full Season', 'Multi-Year'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const APPLICATION_STATUSES = ['pending', 'reviewed', 'accepted', 'rejected'] as const;

export const AVAILABILITY_STATUSES = ['Available', 'Not Available'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const CAREER_ROLE_DEFAULT = 'Member';

export const SEXES = ['Male', 'Female'] as const;
