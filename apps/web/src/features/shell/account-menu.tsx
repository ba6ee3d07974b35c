import type { SessionUser } from '@arena/shared/auth.schema';
import { useRef, useState } from 'react';
import type { ComponentType } from 'react';

import type { AccountMenuDropdownProps } from './account-menu-dropdown.tsx';
import { AccountMenuFace, accountMenuButtonClass, accountMenuLabel } from './account-menu-face.tsx';
import type { NavItem } from './nav-items.ts';

const loadDropdown = () =>
  import('./account-menu-dropdown.tsx').then((module) => module.AccountMenuDropdown);

/**
 * The avatar menu: My Profile and Logout, plus (on narrow screens, where the top bar has no room
 * for them) the pages only some members see.
 *
 * Every in-app page shows the button, few open the menu: Radix's menu and the positioning code
 * under it load when a pointer comes near the button or it is pressed, not with the page. Until
 * then a plain button with the same look stands in; pressed, it opens the menu once loaded.
 */
export function AccountMenu({
  user,
  extraItems,
}: {
  user: SessionUser;
  extraItems: readonly NavItem[];
}) {
  const [loaded, setLoaded] = useState<{
    Dropdown: ComponentType<AccountMenuDropdownProps>;
    takeFocus: boolean;
  } | null>(null);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);

  if (loaded) {
    return (
      <loaded.Dropdown
        user={user}
        extraItems={extraItems}
        defaultOpen={openWhenLoaded}
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
  const open = () => {
    setOpenWhenLoaded(true);
    load();
  };
  return (
    <button
      ref={placeholder}
      type="button"
      aria-label={accountMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={accountMenuButtonClass}
      onPointerEnter={load}
      // Radix's trigger opens on the press, not the click: the menu may load between the two,
      // and the click would then land on a trigger that ignores it.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open();
        }
      }}
    >
      <AccountMenuFace user={user} />
    </button>
  );
}
