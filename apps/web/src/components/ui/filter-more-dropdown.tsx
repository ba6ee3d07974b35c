import { useEffect, useRef } from 'react';

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';
import { moreButtonFace } from './filter-more-face.tsx';
import type { FilterMoreMenuProps } from './filter-more-face.tsx';

export interface FilterMoreDropdownProps extends FilterMoreMenuProps {
  /** Open at once: the button was pressed while this code was loading. */
  defaultOpen: boolean;
  /**
   * That press was a key: the first choice takes the focus, as when Radix's own button opens by
   * keyboard (Radix cannot tell: the key went down before its menu existed).
   */
  focusFirstItem: boolean;
  /** The stand-in button had the focus: it moves here. */
  takeFocus: boolean;
}

/**
 * The 'More' menu itself: one radio choice per value (arrows move, Enter or Space chooses,
 * Escape closes), the chosen one ticked.
 */
export function FilterMoreDropdown({
  label,
  options,
  value,
  onChoose,
  defaultOpen,
  focusFirstItem,
  takeFocus,
}: FilterMoreDropdownProps) {
  const focusFirstOnOpen = useRef(defaultOpen && focusFirstItem);
  const trigger = useRef<HTMLButtonElement>(null);
  // Both are fixed when this replaces the stand-in: the effect runs once.
  useEffect(() => {
    if (takeFocus && !defaultOpen) trigger.current?.focus();
  }, [takeFocus, defaultOpen]);
  const face = moreButtonFace(label, options, value);
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while its
    // links stay focusable underneath (axe: aria-hidden-focus). Focus still moves into the menu.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={trigger} aria-label={face.ariaLabel} className={face.className}>
        {face.children}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        onFocus={(event) => {
          // Radix focuses the menu itself on opening; move on to the first choice.
          if (event.target !== event.currentTarget || !focusFirstOnOpen.current) return;
          focusFirstOnOpen.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role="menuitemradio"]')?.focus();
        }}
        className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto"
      >
        <DropdownMenuRadioGroup
          value={face.chosen ? String(options.indexOf(face.chosen)) : ''}
          onValueChange={(index) => onChoose(Number(index))}
        >
          {options.map((option, index) => (
            <DropdownMenuRadioItem key={option.label} value={String(index)}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
