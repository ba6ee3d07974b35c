import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';
import { useMemo } from 'react';

import { FilterChips } from './ui/filter-chips.tsx';
import type { FilterChipOption } from './ui/filter-chips.tsx';

const option = (sport: Sport): FilterChipOption<Sport> => ({
  value: sport,
  label: SPORT_LABELS[sport],
});

/**
 * Chips that narrow a list to one sport: `allLabel`, then the sports a screen shows `first` (the
 * spec's, in its order), and the rest of the product's one list under 'More'.
 */
export function SportFilter({
  allLabel,
  first,
  value,
  onChange,
}: {
  allLabel: string;
  first: readonly Sport[];
  value: Sport | null;
  onChange: (sport: Sport | null) => void;
}) {
  const { options, more } = useMemo(
    () => ({
      options: [{ value: null, label: allLabel }, ...first.map(option)],
      more: {
        label: 'More sports',
        options: SPORTS.filter((sport) => !first.includes(sport)).map(option),
      },
    }),
    [allLabel, first],
  );
  return (
    <FilterChips
      label="Filter by sport"
      options={options}
      more={more}
      value={value}
      onChange={onChange}
    />
  );
}
