import { CAMP_TABS } from '@arena/shared/camp.schema';
import type { CampTab } from '@arena/shared/camp.schema';
import { LISTING_LIMITS, parseSport } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';

/**
 * What /sport-camps keeps in its URL, by the API's own names. `age` is a number, or `any` once
 * the member removed the age their profile gave by default (absent: that default applies).
 */
export interface CampFilters {
  tab: CampTab;
  sport?: Sport;
  country?: string;
  month?: string;
  age?: string;
  price?: string;
}

/** The filters that narrow the list (the tab is not one). */
export type CampFilterKey = Exclude<keyof CampFilters, 'tab'>;

const inAgeRange = (age: number) => age >= LISTING_LIMITS.ageMin && age <= LISTING_LIMITS.ageMax;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const WHOLE = /^\d{1,7}$/;

/** What the URL says, without values the API would refuse. */
export function campFiltersFrom(params: URLSearchParams): CampFilters {
  const tab = CAMP_TABS.find((candidate) => candidate === params.get('tab')) ?? 'upcoming';
  const filters: CampFilters = { tab };
  const sport = parseSport(params.get('sport'));
  if (sport) filters.sport = sport;
  const country = params.get('country')?.trim();
  if (country) filters.country = country.slice(0, 80);
  const month = params.get('month');
  if (month && MONTH.test(month)) filters.month = month;
  const age = params.get('age');
  if (age === 'any' || (age && WHOLE.test(age) && inAgeRange(Number(age)))) filters.age = age;
  const price = params.get('price');
  if (price && (price === 'free' || WHOLE.test(price))) filters.price = price;
  return filters;
}

/** The page's own URL for `filters`, in a stable order; the upcoming tab is the default. */
export function campSearchOf(filters: CampFilters): string {
  const params = new URLSearchParams();
  if (filters.tab !== 'upcoming') params.set('tab', filters.tab);
  for (const key of ['sport', 'country', 'month', 'age', 'price'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/**
 * The age the list is narrowed to: the URL's, or the viewer's own (a player's, from their
 * birthdate) until they remove it. My camps lists the viewer's registrations whatever they are.
 */
export function effectiveAge(filters: CampFilters, defaultAge: number | null): string | null {
  if (filters.tab === 'mine' || filters.age === 'any') return null;
  return filters.age ?? (defaultAge === null ? null : String(defaultAge));
}

/** `GET /api/camps`'s query for `filters`: My camps takes no filters. */
export function campsApiQuery(filters: CampFilters, defaultAge: number | null): string {
  const params = new URLSearchParams({ tab: filters.tab });
  if (filters.tab !== 'mine') {
    for (const key of ['sport', 'country', 'month', 'price'] as const) {
      const value = filters[key];
      if (value) params.set(key, value);
    }
    const age = effectiveAge(filters, defaultAge);
    if (age) params.set('age', age);
  }
  return params.toString();
}
