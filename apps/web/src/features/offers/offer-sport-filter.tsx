import { OFFER_FILTER_SPORTS } from '@arena/shared/constants';
import type { OfferSport } from '@arena/shared/constants';

import { FilterChips } from '../../components/ui/filter-chips.tsx';
import type { FilterChipOption } from '../../components/ui/filter-chips.tsx';
import { OFFER_SPORT_LABELS } from './offer-sports.ts';

const OPTIONS: FilterChipOption<OfferSport>[] = [
  { value: null, label: 'All' },
  ...OFFER_FILTER_SPORTS.map((sport) => ({ value: sport, label: OFFER_SPORT_LABELS[sport] })),
];

/** Chips that narrow the offers grid to one sport. */
export function OfferSportFilter({
  value,
  onChange,
}: {
  value: OfferSport | null;
  onChange: (sport: OfferSport | null) => void;
}) {
  return (
    <FilterChips label="Filter by sport" options={OPTIONS} value={value} onChange={onChange} />
  );
}
