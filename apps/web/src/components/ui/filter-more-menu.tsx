import { useRef, useState } from 'react';
import type { ComponentType } from 'react';

import type { FilterMoreDropdownProps } from './filter-more-dropdown.tsx';
import { moreButtonFace } from './filter-more-face.tsx';
import type { FilterMoreMenuProps } from './filter-more-face.tsx';

const loadDropdown = () =>
  import('./filter-more-dropdown.tsx').then((module) => module.FilterMoreDropdown);

/**
 * The filter row's 'More' menu. Most visits never open it: Radix's menu and its positioning code
 * load when a pointer comes near the button or it is pressed, not with the page (the feed's
 * script budget). Until then a plain button with the same look stands in; pressed (pointer,
 * Enter, Space or ArrowDown), it opens the menu once loaded.
 */
export function FilterMoreMenu(props: FilterMoreMenuProps) {
  const [loaded, setLoaded] = useState<{
    Dropdown: ComponentType<FilterMoreDropdownProps>;
    takeFocus: boolean;
  } | null>(null);
  const [openWhenLoaded, setOpenWhenLoaded] = useState<'pointer' | 'keyboard' | null>(null);
  const placeholder = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);

  if (loaded) {
    return (
      <loaded.Dropdown
        {...props}
        defaultOpen={openWhenLoaded !== null}
        focusFirstItem={openWhenLoaded === 'keyboard'}
        takeFocus={loaded.takeFocus}
      />
    );
  }
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void loadDropdown().then((Dropdown) =>
      setLoaded({ Dropdown, takeFocus: document.activeElement === placeholder.current }),
    );
  };
  const open = (by: 'pointer' | 'keyboard') => {
    setOpenWhenLoaded(by);
    load();
  };
  const face = moreButtonFace(props.label, props.options, props.value);
  return (
    <button
      ref={placeholder}
      type="button"
      aria-label={face.ariaLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      className={face.className}
      onPointerEnter={load}
      onFocus={load}
      // Radix's trigger opens on the press, not the click: the menu may load between the two,
      // and the click would then land on a trigger that ignores it.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open('pointer');
      }}
      // A click with no pointer (detail 0) is Enter or Space.
      onClick={(event) => open(event.detail === 0 ? 'keyboard' : 'pointer')}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open('keyboard');
        }
      }}
    >
      {face.children}
    </button>
  );
}
