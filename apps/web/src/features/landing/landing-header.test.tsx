import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';

import { LandingHeader } from './landing-header.tsx';

it('folds the destinations into a keyboard-usable Menu disclosure on small screens', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <LandingHeader />
    </MemoryRouter>,
  );
  const menu = screen.getByRole('button', { name: 'Menu' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
  expect(panel).not.toBeVisible();

  menu.focus();
  await user.keyboard('{Enter}');
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(panel).toBeVisible();
  const links = within(panel!).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([
    'Feed',
    'Network',
    'Camps',
    'Scholarships',
    'Tryouts',
  ]);
  await user.tab();
  expect(links[0]).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();
  expect(panel).not.toBeVisible();
});
