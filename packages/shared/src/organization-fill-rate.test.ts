import { describe, expect, it } from 'vitest';

import { organizationFillRate, type OrganizationFillInput } from './organization-fill-rate.ts';

const empty: OrganizationFillInput = {
  userType: 'club',
  fullName: null,
  bio: null,
  avatarUrl: null,
  about: null,
  sports: [],
  city: null,
  country: null,
  league: null,
  website: null,
  foundedYear: null,
  licenceNumber: null,
};

describe('organizationFillRate', () => {
  it('counts ten fields, blanks as missing', () => {
    expect(organizationFillRate(empty)).toBe(0);
    expect(organizationFillRate({ ...empty, fullName: 'FC Porto', bio: '   ' })).toBe(10);
    expect(
      organizationFillRate({
        ...empty,
        fullName: 'FC Porto',
        bio: 'Since 1893',
        avatarUrl: '/files/avatars/a.webp',
        about: 'A club',
        sports: ['football'],
        city: 'Porto',
        country: 'Portugal',
        league: 'Liga',
        website: 'https://fcporto.test',
        foundedYear: 1893,
      }),
    ).toBe(100);
  });

  it('counts the founded year for clubs and the licence for agents and coaches', () => {
    expect(organizationFillRate({ ...empty, foundedYear: 1900 })).toBe(10);
    expect(organizationFillRate({ ...empty, licenceNumber: 'L-1' })).toBe(0);
    expect(organizationFillRate({ ...empty, userType: 'agent', licenceNumber: 'L-1' })).toBe(10);
    expect(organizationFillRate({ ...empty, userType: 'coach', foundedYear: 1900 })).toBe(0);
  });
});
