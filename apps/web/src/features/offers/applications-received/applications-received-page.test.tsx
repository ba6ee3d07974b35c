import { MESSAGES } from '@arena/shared/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeApplication } from '../../../test/offer-data.ts';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = '/api/me/applications-received';
const application = makeApplication();
const CV_URL = `/api/applications/${application.id}/cv-url`;

function openApplications(api: Record<string, FakeReply[]>) {
  return renderApp('/applications-received', {
    signedInAs: { profile: { userType: 'coach', verified: true } },
    api,
  });
}

/** The toast that says `message`, whose title must be `title`. */
function expectToast(title: string, message: string) {
  const toast = screen.getAllByText(message).at(-1)?.closest('[data-sonner-toast]');
  expect(toast).toHaveTextContent(title);
}

it('shows every answer of an application and the ways to follow it up', async () => {
  const harness = openApplications({
    [LIST]: [
      {
        status: 200,
        body: [
          application,
          makeApplication({
            id: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
            hasCv: false,
            willingToRelocate: false,
            achievements: 'MVP 2024',
            status: 'viewed',
          }),
        ],
      },
    ],
  });
  // The first page of the file loads the route's code: allow it time under a loaded run.
  expect(await screen.findAllByText('2 Applications', {}, { timeout: 10_000 })).toHaveLength(2);
  const { user } = harness;
  const toggles = screen.getAllByRole('button', { name: 'Show details of jordan miles' });
  for (const toggle of toggles) {
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide details of jordan miles');
  }
  const [first, second] = screen
    .getAllByRole('article', { name: 'jordan miles' })
    .map((a) => within(a));
  expect(first!.getByText('JO')).toBeInTheDocument();
  expect(first!.getByText('@jordan_23')).toBeInTheDocument();
  expect(first!.getByText(/Applied to:/)).toHaveTextContent('Applied to: Starting Point Guard');
  expect(first!.getByText('Pending')).toBeInTheDocument();
  expect(first!.getByText('Current Team').nextElementSibling).toHaveTextContent('N/A');
  expect(first!.getByText('Height / Weight').nextElementSibling).toHaveTextContent('N/A');
  expect(first!.getByText('Willing to Relocate').nextElementSibling).toHaveTextContent('Yes');
  expect(first!.queryByText('Achievements')).not.toBeInTheDocument();
  expect(first!.getByRole('link', { name: 'Message Athlete' })).toHaveAttribute(
    'href',
    '/messages?user=jordan_23',
  );
  expect(first!.getByRole('link', { name: 'View Profile' })).toHaveAttribute(
    'href',
    '/profile/jordan_23',
  );
  expect(first!.getByRole('button', { name: 'Download CV' })).toBeInTheDocument();

  expect(second!.getByText('Willing to Relocate').nextElementSibling).toHaveTextContent('No');
  expect(second!.getByText('MVP 2024')).toBeInTheDocument();
  expect(second!.getByText('Viewed')).toBeInTheDocument();
  expect(second!.queryByRole('button', { name: 'Download CV' })).not.toBeInTheDocument();
});

it('opens the signed CV link in a new tab', async () => {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const { user } = openApplications({
    [LIST]: [{ status: 200, body: [application] }],
    [CV_URL]: [
      {
        status: 200,
        body: {
          url: '/files/signed/offer-applications/a/cv.pdf?token=t',
          expiresAt: '2025-03-05T11:00:00.000Z',
        },
      },
    ],
  });
  await user.click(await screen.findByRole('button', { name: /^Show details of/ }));
  await user.click(await screen.findByRole('button', { name: 'Download CV' }));
  await vi.waitFor(() =>
    expect(tab.location.href).toBe('/files/signed/offer-applications/a/cv.pdf?token=t'),
  );
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
});

it('closes the tab and says so when the link cannot be had', async () => {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const { user } = openApplications({
    [LIST]: [{ status: 200, body: [application] }],
    [CV_URL]: [apiError(404, 'not_found', MESSAGES.application.noCv)],
  });
  await user.click(await screen.findByRole('button', { name: /^Show details of/ }));
  await user.click(await screen.findByRole('button', { name: 'Download CV' }));
  expect(await screen.findByText(MESSAGES.application.cvDownloadFailed)).toBeInTheDocument();
  expect(tab.close).toHaveBeenCalled();
});

it('shows the empty state, and an Error toast when loading fails', async () => {
  openApplications({ [LIST]: [{ status: 200, body: [] }] });
  expect(await screen.findByText('No applications received yet.')).toBeInTheDocument();
  expect(screen.getByText('0 Applications')).toBeInTheDocument();
  cleanup();
  vi.unstubAllGlobals();

  openApplications({ [LIST]: [apiError(403, 'forbidden', MESSAGES.offer.verificationRequired)] });
  expect(await screen.findAllByText(MESSAGES.offer.verificationRequired)).not.toHaveLength(0);
  expectToast('Error', MESSAGES.offer.verificationRequired);
});

it.each([
  ['a player', { userType: 'player' as const }, MESSAGES.offer.reviewAccessDenied],
  ['an unverified club', { userType: 'club' as const }, MESSAGES.offer.reviewVerificationRequired],
])(
  'turns %s away to /feed with a reason about reviewing applications',
  async (_, profile, message) => {
    const { router } = renderApp('/applications-received', { signedInAs: { profile } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  },
);

it('counts one application and one year in the singular', async () => {
  const { user } = openApplications({
    [LIST]: [{ status: 200, body: [makeApplication({ yearsExperience: 1 })] }],
  });
  expect(await screen.findAllByText('1 Application')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: /^Show details of/ }));
  expect(screen.getByText('1 year')).toBeInTheDocument();
});

it('groups applications by offer and keeps rows closed until opened', async () => {
  const other = {
    offerId: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
    offer: {
      id: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
      title: 'Backup Center',
      organizationName: 'Riverside FC',
    },
  };
  const { user } = openApplications({
    [LIST]: [
      {
        status: 200,
        body: [
          makeApplication({ id: '11111111-1111-4111-8111-111111111111', athleteName: 'Ana Lima' }),
          makeApplication({
            id: '22222222-2222-4222-8222-222222222222',
            athleteName: 'Bo Chen',
            ...other,
          }),
          makeApplication({
            id: '33333333-3333-4333-8333-333333333333',
            athleteName: 'Cy Diaz',
            email: 'cy.diaz.longname@very-long-club-domain.example.com',
          }),
        ],
      },
    ],
  });
  expect(await screen.findByText('3 Applications')).toBeInTheDocument();
  const guard = within(screen.getByRole('region', { name: 'Starting Point Guard' }));
  expect(guard.getByText('2 Applications')).toBeInTheDocument();
  expect(guard.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Ana Lima',
    'Cy Diaz',
  ]);
  const center = within(screen.getByRole('region', { name: 'Backup Center' }));
  expect(center.getByText('1 Application')).toBeInTheDocument();
  // Rows are closed: no answers until the disclosure opens.
  expect(screen.queryByText('Why Interested')).not.toBeInTheDocument();

  const toggle = guard.getByRole('button', { name: 'Show details of Cy Diaz' });
  await user.click(toggle);
  const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  expect(details).toBeVisible();
  const email = within(details).getByTitle('cy.diaz.longname@very-long-club-domain.example.com');
  expect(email).toHaveTextContent('cy.diaz.longname@very-long-club-domain.example.com');
  expect(email).toHaveAttribute(
    'href',
    'mailto:cy.diaz.longname@very-long-club-domain.example.com',
  );
  expect(email).toHaveAttribute('title', 'cy.diaz.longname@very-long-club-domain.example.com');
  expect(email.querySelectorAll('wbr')).toHaveLength(5);
  expect(email.className).not.toMatch(/break-all/);
});

it('lets a username cut short in a closed row be read whole, by keyboard and by pointer', async () => {
  const username = 'cy_diaz_with_a_very_long_username';
  const { user } = openApplications({
    [LIST]: [
      {
        status: 200,
        body: [
          makeApplication({
            athleteName: 'Cy Diaz',
            applicant: { ...application.applicant, username },
          }),
        ],
      },
    ],
  });
  const row = await screen.findByRole('article', { name: 'Cy Diaz' });
  const handle = within(row).getByRole('link', { name: `@${username}` });
  // Hover shows the whole handle; focus lifts the cut (focus-visible) and the link leads on.
  expect(handle).toHaveAttribute('title', `@${username}`);
  expect(handle).toHaveAttribute('href', `/profile/${username}`);
  expect(handle.className).toMatch(/\btruncate\b/);
  expect(handle.className).toMatch(/focus-visible:whitespace-normal/);
  // Reached by Tab: the page's controls come first, then the row's handle.
  for (let presses = 0; presses < 40 && document.activeElement !== handle; presses++)
    await user.tab();
  expect(handle).toHaveFocus();
});
