import {
  LISTING_LIMITS,
  parseSport,
  SCHOLARSHIP_COVERAGES,
  SCHOLARSHIP_LEVELS,
} from '@arena/shared/constants';
import type { ScholarshipCoverage, ScholarshipLevel, Sport } from '@arena/shared/constants';

/** What /scholarships keeps in its URL, by the API's own names. */
export interface ScholarshipFilters {
  sport?: Sport;
  country?: string;
  level?: ScholarshipLevel;
  coverage?: ScholarshipCoverage;
  /** The viewer's own, in every state, instead of the open ones. */
  mine?: 'true';
}

const KEYS = ['mine', 'sport', 'country', 'level', 'coverage'] as const;

/** What the URL says, without values the API would refuse. */
export function scholarshipFiltersFrom(params: URLSearchParams): ScholarshipFilters {
  const filters: ScholarshipFilters = {};
  const sport = parseSport(params.get('sport'));
  if (sport) filters.sport = sport;
  const country = params.get('country')?.trim();
  if (country) filters.country = country.slice(0, LISTING_LIMITS.place);
  const level = SCHOLARSHIP_LEVELS.find((candidate) => candidate === params.get('level'));
  if (level) filters.level = level;
  const coverage = SCHOLARSHIP_COVERAGES.find((candidate) => candidate === params.get('coverage'));
  if (coverage) filters.coverage = coverage;
  if (params.get('mine') === 'true') filters.mine = 'true';
  return filters;
}

/** The filters as a query string in a stable order: the page's own URL and the API's query. */
export function scholarshipSearchOf(filters: ScholarshipFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}
