import {
  LISTING_LIMITS,
  SCHOLARSHIP_COVERAGES,
  SCHOLARSHIP_LEVELS,
  SPORT_LABELS,
  SPORTS,
} from '@arena/shared/constants';
import {
  SCHOLARSHIP_COVERAGE_LABELS,
  SCHOLARSHIP_LEVEL_LABELS,
} from '@arena/shared/scholarship.schema';
import { X } from 'lucide-react';
import { type SyntheticEvent, useId, useState } from 'react';

import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { scholarshipFiltersFrom } from './scholarship-filters.ts';
import type { ScholarshipFilters } from './scholarship-filters.ts';

type Values = Record<Exclude<keyof ScholarshipFilters, 'mine'>, string>;

const OPTIONS = {
  sport: SPORTS.map((value) => ({ value, label: SPORT_LABELS[value] })),
  level: SCHOLARSHIP_LEVELS.map((value) => ({ value, label: SCHOLARSHIP_LEVEL_LABELS[value] })),
  coverage: SCHOLARSHIP_COVERAGES.map((value) => ({
    value,
    label: SCHOLARSHIP_COVERAGE_LABELS[value],
  })),
};

/** The list's filters, chosen in a form; Apply puts them in the URL. */
export function ScholarshipFilterForm({
  filters,
  onApply,
}: {
  filters: ScholarshipFilters;
  onApply: (next: ScholarshipFilters) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>({
    sport: filters.sport ?? '',
    country: filters.country ?? '',
    level: filters.level ?? '',
    coverage: filters.coverage ?? '',
  });
  const set = (key: keyof Values, value: string) => setValues((now) => ({ ...now, [key]: value }));

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read back through the URL's own rules: what the API would refuse is left out.
    const next = scholarshipFiltersFrom(new URLSearchParams(values));
    onApply(filters.mine ? { ...next, mine: filters.mine } : next);
  }

  const select = (key: 'sport' | 'level' | 'coverage', label: string, any: string) => (
    <div className="grid content-start gap-1">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <NativeSelect
        id={`${id}-${key}`}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
      >
        <option value="">{any}</option>
        {OPTIONS[key].map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  return (
    <Card className="p-4">
      <form role="search" aria-label="Scholarship filters" noValidate onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {select('sport', 'Sport', 'Any sport')}
          <div className="grid content-start gap-1">
            <Label htmlFor={`${id}-country`}>Country</Label>
            <Input
              id={`${id}-country`}
              maxLength={LISTING_LIMITS.place}
              placeholder="e.g. United States"
              value={values.country}
              onChange={(event) => set('country', event.target.value)}
            />
          </div>
          {select('level', 'Level', 'Any level')}
          {select('coverage', 'Coverage', 'Any coverage')}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => onApply(filters.mine ? { mine: filters.mine } : {})}
          >
            Clear filters
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One chip per filter in force, whose × removes it. */
export function ActiveScholarshipFilters({
  filters,
  onApply,
}: {
  filters: ScholarshipFilters;
  onApply: (next: ScholarshipFilters) => void;
}) {
  const chips: { key: keyof ScholarshipFilters; label: string }[] = [];
  if (filters.sport) chips.push({ key: 'sport', label: SPORT_LABELS[filters.sport] });
  if (filters.country) chips.push({ key: 'country', label: filters.country });
  if (filters.level) chips.push({ key: 'level', label: SCHOLARSHIP_LEVEL_LABELS[filters.level] });
  if (filters.coverage)
    chips.push({ key: 'coverage', label: SCHOLARSHIP_COVERAGE_LABELS[filters.coverage] });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() =>
              onApply(
                Object.fromEntries(Object.entries(filters).filter(([key]) => key !== chip.key)),
              )
            }
            className={cx(
              'inline-flex h-8 items-center gap-1 rounded-full border border-blue-700 bg-blue-50 px-3 text-sm font-semibold text-blue-800 hover:bg-blue-100',
              focusRing,
            )}
          >
            {chip.label}
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
