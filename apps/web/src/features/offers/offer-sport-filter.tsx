import { OFFER_FILTER_PRIMARY_SPORTS, SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';

import { FilterChips } from '../../components/ui/filter-chips.tsx';
import type { FilterChipOption } from '../../components/ui/filter-chips.tsx';

const option = (sport: Sport): FilterChipOption<Sport> => ({
  value: sport,
  label: SPORT_LABELS[sport],
});

const OPTIONS: FilterChipOption<Sport>[] = [
  { value: null, label: 'All' },
  ...OFFER_FILTER_PRIMARY_SPORTS.map(option),
];

/** The rest of the list, under 'More'. */
const MORE = {
  label: 'More sports',
  options: SPORTS.filter(
    (sport) => !OFFER_FILTER_PRIMARY_SPORTS.some((shown) => shown === sport),
  ).map(option),
};

/** Chips that narrow the offers grid to one sport: the spec's, then the rest under 'More'. */
export function OfferSportFilter({
  value,
  onChange,
}: {
  value: Sport | null;
  onChange: (sport: Sport | null) => void;
}) {
  return (
    <FilterChips
      label="Filter by sport"
      options={OPTIONS}
      more={MORE}
      value={value}
      onChange={onChange}
    />
  );
}
