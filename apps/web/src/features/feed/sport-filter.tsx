import { POST_SPORTS, POST_SPORT_LABELS } from '@arena/shared/constants';
import type { PostSport } from '@arena/shared/constants';

import { FilterChips } from '../../components/ui/filter-chips.tsx';
import type { FilterChipOption } from '../../components/ui/filter-chips.tsx';

const OPTIONS: FilterChipOption<PostSport>[] = [
  { value: null, label: 'All Sports' },
  ...POST_SPORTS.map((sport) => ({ value: sport, label: POST_SPORT_LABELS[sport] })),
];

/** Chips that narrow the feed to one sport. */
export function SportFilter({
  value,
  onChange,
}: {
  value: PostSport | null;
  onChange: (sport: PostSport | null) => void;
}) {
  return (
    <FilterChips label="Filter by sport" options={OPTIONS} value={value} onChange={onChange} />
  );
}
