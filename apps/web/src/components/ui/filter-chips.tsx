import { cx, focusRing } from './class-names.ts';

export interface FilterChipOption<T extends string> {
  /** `null` is the option that filters nothing ('All'). */
  value: T | null;
  label: string;
}

/**
 * A row of chips that narrows a list to one value; the chosen chip is pressed. One scrolling row
 * on phones (the list stays in view), wrapping from `sm` up.
 */
export function FilterChips<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly FilterChipOption<T>[];
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
