import { chipClass } from './class-names.ts';
import { FilterMoreMenu } from './filter-more-menu.tsx';

export interface FilterChipOption<T extends string> {
  /** `null` is the option that filters nothing ('All'). */
  value: T | null;
  label: string;
}

/**
 * A row of chips that narrows a list to one value; the chosen chip is pressed. One scrolling row
 * on phones (the list stays in view), wrapping from `sm` up. `more` puts further values under a
 * 'More' menu at the row's end, whose button shows the value when one of them is chosen.
 */
export function FilterChips<T extends string>({
  label,
  options,
  more,
  value,
  onChange,
}: {
  label: string;
  options: readonly FilterChipOption<T>[];
  more?: { label: string; options: readonly FilterChipOption<T>[] };
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={chipClass(active)}
          >
            {option.label}
          </button>
        );
      })}
      {more ? (
        <FilterMoreMenu
          label={more.label}
          options={more.options}
          value={value}
          onChoose={(index) => onChange(more.options[index]?.value ?? null)}
        />
      ) : null}
    </div>
  );
}
