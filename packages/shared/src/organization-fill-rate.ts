import type { UserType } from './constants.ts';

/**
 * How complete an organisation's profile is, as a rounded percent: the organisation's
 * counterpart of the athlete CV fill rate. Each field present adds 1; clubs count their
 * founded year, agents and coaches their licence or certification number.
 */
export interface OrganizationFillInput {
  userType: UserType;
  fullName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  about: string | null;
  sports: readonly string[];
  city: string | null;
  country: string | null;
  league: string | null;
  website: string | null;
  foundedYear: number | null;
  licenceNumber: string | null;
}

const present = (value: string | number | null) =>
  typeof value === 'number' ? Number.isFinite(value) : value !== null && value.trim() !== '';

export function organizationFillRate(input: OrganizationFillInput): number {
  const parts = [
    present(input.fullName),
    present(input.bio),
    present(input.avatarUrl),
    present(input.about),
    input.sports.length > 0,
    present(input.city),
    present(input.country),
    present(input.league),
    present(input.website),
    input.userType === 'club' ? present(input.foundedYear) : present(input.licenceNumber),
  ];
  return Math.round((parts.filter(Boolean).length / parts.length) * 100);
}
