import { OFFER_FILTER_SPORTS } from '@arena/shared/constants';
import type { OfferSport } from '@arena/shared/constants';

import { cx, focusRing } from '../../components/ui/class-names.ts';
import { OFFER_SPORT_LABELS } from './offer-sports.ts';

const OPTIONS: { value: OfferSport | null; label: string }[] = [
  { value: null, label: 'All' },
  ...OFFER_FILTER_SPORTS.map((sport) => ({ value: sport, label: OFFER_SPORT_LABELS[sport] })),
];

/** Chips that narrow the grid to one sport; the chosen one is pressed. */
export function OfferSportFilter({
  value,
  onChange,
}: {
  value: OfferSport | null;
  onChange: (sport: OfferSport | null) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Filter by sport"
      // One scrolling row on phones, wrapping from `sm` up.
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      {OPTIONS.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cx(
              'h-9 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
              active
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-blue-700 hover:text-blue-800',
              focusRing,
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
