import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import { makeOffer } from '../../test/offer-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole pages, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const offer = makeOffer({
  positions: 'Point Guard, Shooting Guard',
  leagueLevel: 'Pro A',
  requirements: 'Three professional seasons.',
  description: 'A starting role for a playmaker.\nTraining five days a week.',
  applicationCount: 1,
});
const OFFER = `/api/offers/${offer.id}`;

function definition(page: Pick<typeof screen, 'getByText'>, term: string) {
  return page.getByText(term, { selector: 'dt' }).nextElementSibling;
}

it('shows a visitor every field of the offer, and asks them to sign in on Apply', async () => {
  const { user, router } = renderApp(`/offers/${offer.id}`, {
    api: { [OFFER]: [{ status: 200, body: offer }] },
  });
  const page = within(await screen.findByRole('article', { name: offer.title }));
  expect(page.getByRole('heading', { level: 1 })).toHaveTextContent(offer.title);
  expect(page.getByText('Riverside FC', { selector: 'p' })).toBeInTheDocument();
  expect(page.getByText('Basketball')).toBeInTheDocument();
  expect(page.getByRole('link', { name: /Riverside FC.*\(verified\)/ })).toHaveAttribute(
    'href',
    '/profile/riverside_fc',
  );
  expect(definition(page, 'Position(s)')).toHaveTextContent('Point Guard, Shooting Guard');
  expect(definition(page, 'League Level')).toHaveTextContent('Pro A');
  expect(definition(page, 'Contract Type')).toHaveTextContent('Full Season');
  expect(definition(page, 'Salary / Compensation')).toHaveTextContent('€4,000 / month');
  expect(definition(page, 'Location')).toHaveTextContent('Lyon, France');
  expect(definition(page, 'Posted')).toHaveTextContent('Mar 4, 2025');
  expect(definition(page, 'Applications')).toHaveTextContent('1 Application');
  expect(page.getByText(/Training five days a week\./)).toBeInTheDocument();
  expect(page.getByText('Three professional seasons.')).toBeInTheDocument();
  expect(page.queryByText('Paused')).not.toBeInTheDocument();

  await user.click(page.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText(MESSAGES.application.loginRequired)).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
});

it('shows N/A for a missing league level and leaves out absent requirements', async () => {
  renderApp(`/offers/${offer.id}`, {
    api: {
      [OFFER]: [{ status: 200, body: { ...offer, leagueLevel: null, requirements: null } }],
    },
  });
  const page = within(await screen.findByRole('article', { name: offer.title }));
  expect(definition(page, 'League Level')).toHaveTextContent('N/A');
  expect(page.queryByRole('heading', { name: 'Requirements' })).not.toBeInTheDocument();
});

it('marks a paused offer on its poster’s view', async () => {
  renderApp(`/offers/${offer.id}`, {
    signedInAs: { profile: { id: offer.poster.id, userType: 'club', verified: false } },
    api: { [OFFER]: [{ status: 200, body: { ...offer, paused: true } }] },
  });
  const page = within(await screen.findByRole('article', { name: offer.title }));
  expect(page.getByText('Paused')).toBeInTheDocument();
  expect(page.getByText('Your offer')).toBeInTheDocument();
});

it('says so when the offer is gone', async () => {
  renderApp(`/offers/${offer.id}`, {
    api: { [OFFER]: [apiError(404, 'not_found', MESSAGES.offer.notFound)] },
  });
  expect(await screen.findByText(MESSAGES.offer.notFound)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All offers' })).toHaveAttribute('href', '/offers');
});

it('links each card of the grid to its offer page', async () => {
  const { user, router } = renderApp('/offers', {
    api: {
      '/api/offers': [{ status: 200, body: { items: [offer], nextCursor: null } }],
      [OFFER]: [{ status: 200, body: offer }],
    },
  });
  const card = within(await screen.findByRole('article', { name: offer.title }));
  expect(card.getByText('1 Application')).toBeInTheDocument();
  await user.click(card.getByRole('link', { name: `View details of ${offer.title}` }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/offers/${offer.id}`));
  expect(await screen.findByRole('heading', { level: 1, name: offer.title })).toBeInTheDocument();
});
