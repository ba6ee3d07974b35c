import type { ReactNode } from 'react';

import { cx, focusRing } from './class-names.ts';

/**
 * One choice of a radio group as a bordered row: the native radio (arrow keys move between the
 * group's choices) and its label; a choice that cannot be taken is greyed.
 */
export function RadioCard({
  name,
  value,
  checked,
  disabled,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cx(
        'flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2',
        disabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-900',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className={cx('size-4 accent-blue-700', focusRing)}
      />
      {children}
    </label>
  );
}
