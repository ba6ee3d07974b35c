import { SPORT_LABELS, SPORTS, LISTING_LIMITS } from '@arena/shared/constants';
import { X } from 'lucide-react';
import { type SyntheticEvent, useId, useState } from 'react';

import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import type { CampFilterKey, CampFilters } from './camp-filters.ts';
import { formatMonth } from './camp-format.ts';

type Values = Partial<Record<CampFilterKey, string>> & { priceMode?: 'any' | 'free' | 'under' };

function valuesOf(filters: CampFilters, age: string | null): Values {
  const priceMode = !filters.price ? 'any' : filters.price === 'free' ? 'free' : 'under';
  return {
    sport: filters.sport ?? '',
    country: filters.country ?? '',
    month: filters.month ?? '',
    age: age ?? '',
    price: priceMode === 'under' ? filters.price : '',
    priceMode,
  };
}

/**
 * The list's filters: chosen in a form (Apply puts them in the URL), and shown above the list
 * as chips that each remove one. Removing the age the profile gave by default keeps it off.
 */
export function CampFilterForm({
  filters,
  age,
  onApply,
}: {
  filters: CampFilters;
  /** The age the list is narrowed to, the default one included. */
  age: string | null;
  onApply: (next: CampFilters) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(filters, age));
  const set = (key: keyof Values, value: string) => setValues((now) => ({ ...now, [key]: value }));

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: CampFilters = { tab: filters.tab };
    const sport = SPORTS.find((candidate) => candidate === values.sport);
    if (sport) next.sport = sport;
    if (values.country?.trim()) next.country = values.country.trim();
    if (values.month) next.month = values.month;
    next.age = values.age?.trim() ? values.age.trim() : 'any';
    if (values.priceMode === 'free') next.price = 'free';
    if (values.priceMode === 'under' && values.price?.trim()) next.price = values.price.trim();
    onApply(next);
  }

  const L = LISTING_LIMITS;
  return (
    <Card className="p-4">
      <form role="search" aria-label="Camp filters" noValidate onSubmit={submit}>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <div className="grid min-w-0 content-start gap-1">
            <Label htmlFor={`${id}-sport`}>Sport</Label>
            <NativeSelect
              id={`${id}-sport`}
              value={values.sport ?? ''}
              onChange={(event) => set('sport', event.target.value)}
            >
              <option value="">Any sport</option>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid min-w-0 content-start gap-1">
            <Label htmlFor={`${id}-country`}>Country</Label>
            <Input
              id={`${id}-country`}
              maxLength={L.place}
              placeholder="e.g. Portugal"
              value={values.country ?? ''}
              onChange={(event) => set('country', event.target.value)}
            />
          </div>
          <div className="grid min-w-0 content-start gap-1">
            <Label htmlFor={`${id}-month`}>Month</Label>
            <Input
              id={`${id}-month`}
              type="month"
              value={values.month ?? ''}
              onChange={(event) => set('month', event.target.value)}
            />
          </div>
          <div className="grid min-w-0 content-start gap-1">
            <Label htmlFor={`${id}-age`}>Age</Label>
            <Input
              id={`${id}-age`}
              type="number"
              inputMode="numeric"
              min={L.ageMin}
              max={L.ageMax}
              step={1}
              value={values.age ?? ''}
              onChange={(event) => set('age', event.target.value)}
            />
          </div>
          <fieldset className="col-span-2 grid min-w-0 content-start gap-1 sm:col-span-1">
            <legend className="mb-1 text-sm font-medium text-slate-900">Price</legend>
            <div className="flex gap-2">
              <Label htmlFor={`${id}-price-mode`} className="sr-only">
                Price
              </Label>
              <NativeSelect
                id={`${id}-price-mode`}
                className="min-w-24"
                value={values.priceMode ?? 'any'}
                onChange={(event) => set('priceMode', event.target.value)}
              >
                <option value="any">Any</option>
                <option value="free">Free</option>
                <option value="under">Under</option>
              </NativeSelect>
              {values.priceMode === 'under' ? (
                <span className="min-w-0 flex-1">
                  <Label htmlFor={`${id}-price`} className="sr-only">
                    Maximum price
                  </Label>
                  <Input
                    id={`${id}-price`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder="e.g. 100"
                    value={values.price ?? ''}
                    onChange={(event) => set('price', event.target.value)}
                  />
                </span>
              ) : null}
            </div>
          </fieldset>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => onApply({ tab: filters.tab, age: 'any' })}
          >
            Clear filters
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One chip per filter in force, whose × removes it. */
export function ActiveCampFilters({
  filters,
  age,
  onApply,
}: {
  filters: CampFilters;
  age: string | null;
  onApply: (next: CampFilters) => void;
}) {
  const chips: { key: CampFilterKey; label: string }[] = [];
  if (filters.sport) chips.push({ key: 'sport', label: SPORT_LABELS[filters.sport] });
  if (filters.country) chips.push({ key: 'country', label: filters.country });
  if (filters.month) chips.push({ key: 'month', label: formatMonth(filters.month) });
  if (age) chips.push({ key: 'age', label: `Age ${age}` });
  if (filters.price) {
    chips.push({
      key: 'price',
      label: filters.price === 'free' ? 'Free' : `Under ${filters.price}`,
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => {
              // The age removed stays off: its absence would bring the default back.
              onApply({ ...filters, [chip.key]: chip.key === 'age' ? 'any' : undefined });
            }}
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
