import { FEED_FILTER_SPORTS, SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';

import { FilterChips } from '../../components/ui/filter-chips.tsx';
import type { FilterChipOption } from '../../components/ui/filter-chips.tsx';

const option = (sport: Sport): FilterChipOption<Sport> => ({
  value: sport,
  label: SPORT_LABELS[sport],
});

const OPTIONS: FilterChipOption<Sport>[] = [
  { value: null, label: 'All Sports' },
  ...FEED_FILTER_SPORTS.map(option),
];

/** The rest of the list, under 'More'. */
const MORE = {
  label: 'More sports',
  options: SPORTS.filter((sport) => !FEED_FILTER_SPORTS.some((shown) => shown === sport)).map(
    option,
  ),
};

/** Chips that narrow the feed to one sport: the spec's six, then the rest under 'More'. */
export function SportFilter({
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
