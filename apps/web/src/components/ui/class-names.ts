/** Joins class names, skipping the falsy ones: `cx('a', busy && 'b')`. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

/** The focus ring every interactive element shows when reached by keyboard. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** A filter chip's look (FilterChips); its 'More' menu's button wears it too. */
export function chipClass(active: boolean): string {
  return cx(
    'h-9 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
    active
      ? 'border-blue-700 bg-blue-700 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:border-blue-700 hover:text-blue-800',
    focusRing,
  );
}
