import { screen } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it.each([
  ['/user-agreement', 'User Agreement', 8],
  ['/privacy-policy', 'Privacy Policy', 9],
  ['/cookie-policy', 'Cookie Policy', 7],
])(
  '%s: title, today as Last updated, Back to / and the contact address',
  async (path, title, sections) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByText(`Last updated: ${format(new Date(), 'MMMM d, yyyy')}`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(sections);
    expect(await screen.findByRole('link', { name: 'legal@arena.test' })).toHaveAttribute(
      'href',
      'mailto:legal@arena.test',
    );
  },
);

it('promises 30 days’ notice of material changes', async () => {
  renderApp('/user-agreement');
  expect(await screen.findByText(/at least 30 days' notice of any material change/)).toBeVisible();
});

it('says the service is not for children under 13', async () => {
  renderApp('/privacy-policy');
  expect(await screen.findByText(/Arena is not intended for children under 13/)).toBeVisible();
});
