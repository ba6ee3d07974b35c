import { OFFER_FILTER_SPORTS } from '@arena/shared/constants';
import type { OfferSport } from '@arena/shared/constants';

export const OFFER_SPORT_LABELS: Record<OfferSport, string> = {
  basketball: 'Basketball',
  football: 'Football',
  tennis: 'Tennis',
  baseball: 'Baseball',
  volleyball: 'Volleyball',
  hockey: 'Hockey',
  rugby: 'Rugby',
  other: 'Other',
};

/** A `?sport=` value, if it names one of the grid's sports. */
export function parseOfferSport(value: string | null): OfferSport | null {
  return OFFER_FILTER_SPORTS.find((sport) => sport === value) ?? null;
}
