import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';

import { FilterChips } from './filter-chips.tsx';

// The menu's code loads on first use; in jsdom that first import takes a few seconds.
vi.setConfig({ testTimeout: 20_000 });

type Fruit = 'apple' | 'pear' | 'plum' | 'fig' | 'kiwi';
const OPTIONS = [
  { value: null, label: 'All' },
  { value: 'apple' as const, label: 'Apple' },
  { value: 'pear' as const, label: 'Pear' },
];
const MORE = {
  label: 'More fruit',
  options: [
    { value: 'plum' as const, label: 'Plum' },
    { value: 'fig' as const, label: 'Fig' },
    { value: 'kiwi' as const, label: 'Kiwi' },
  ],
};

function Filter({ chosen }: { chosen: Fruit[] }) {
  const [value, setValue] = useState<Fruit | null>(null);
  return (
    <FilterChips
      label="Filter by fruit"
      options={OPTIONS}
      more={MORE}
      value={value}
      onChange={(fruit) => {
        if (fruit) chosen.push(fruit);
        setValue(fruit);
      }}
    />
  );
}

it("opens on Enter pressed before the menu's code has loaded, on its first choice", async () => {
  const chosen: Fruit[] = [];
  render(<Filter chosen={chosen} />);
  const standIn = screen.getByRole('button', { name: 'More fruit' });
  expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
  expect(standIn).toHaveAttribute('aria-expanded', 'false');
  // Focus and Enter (a click with no pointer) at once: the menu's code is still loading.
  standIn.focus();
  fireEvent.click(standIn, { detail: 0 });
  const menu = await screen.findByRole('menu', { name: 'More fruit' }, { timeout: 10_000 });
  await waitFor(() =>
    expect(within(menu).getByRole('menuitemradio', { name: 'Plum' })).toHaveFocus(),
  );

  const user = userEvent.setup();
  await user.keyboard('{ArrowDown}');
  expect(within(menu).getByRole('menuitemradio', { name: 'Fig' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(chosen).toEqual(['fig']);
  const trigger = screen.getByRole('button', { name: 'More fruit: Fig' });
  expect(trigger).toHaveTextContent('Fig');
  expect(trigger).toHaveFocus();
  expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');

  // Open again: the chosen one is ticked; Escape closes without choosing.
  await user.keyboard('{ArrowDown}');
  // The menu is named by its button.
  const again = await screen.findByRole('menu', { name: 'More fruit: Fig' });
  expect(within(again).getByRole('menuitemradio', { name: 'Fig' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(within(again).getByRole('menuitemradio', { name: 'Plum' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(chosen).toEqual(['fig']);

  // A chip clears the menu's choice.
  await user.click(screen.getByRole('button', { name: 'Apple' }));
  expect(screen.getByRole('button', { name: 'More fruit' })).toHaveTextContent('More');
  expect(screen.getByRole('button', { name: 'Apple' })).toHaveAttribute('aria-pressed', 'true');
});
