import type { OrganizationProfile } from '@arena/shared/organization.schema';

/** An organisation's profile with nothing filled in, as the server sends it to a visitor. */
export function emptyOrganization(
  overrides: Partial<OrganizationProfile> = {},
): OrganizationProfile {
  return {
    userType: 'club',
    about: null,
    sports: [],
    city: null,
    country: null,
    league: null,
    website: null,
    foundedYear: null,
    offers: [],
    fillRate: null,
    ...overrides,
  };
}
