import { ChevronDown } from 'lucide-react';

import { chipClass } from './class-names.ts';

interface MoreOption {
  value: string | null;
  label: string;
}

export interface FilterMoreMenuProps {
  /** The menu's name, e.g. 'More sports'; the button adds the chosen value to it. */
  label: string;
  options: readonly MoreOption[];
  value: string | null;
  /** The place in `options` of the value chosen. */
  onChoose: (index: number) => void;
}

/** The button's face: 'More', or the value chosen from the menu. */
export function moreButtonFace(
  label: string,
  options: readonly MoreOption[],
  value: string | null,
) {
  const chosen = value === null ? undefined : options.find((option) => option.value === value);
  return {
    chosen,
    ariaLabel: chosen ? `${label}: ${chosen.label}` : label,
    className: `${chipClass(chosen !== undefined)} inline-flex items-center gap-1.5`,
    children: (
      <>
        {chosen?.label ?? 'More'}
        <ChevronDown className="size-4" aria-hidden />
      </>
    ),
  };
}
