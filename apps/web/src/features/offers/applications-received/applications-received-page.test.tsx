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
  openApplications({
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
            status: 'reviewed',
          }),
        ],
      },
    ],
  });
  expect(await screen.findByText('2 Applications')).toBeInTheDocument();
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
  expect(second!.getByText('Reviewed')).toBeInTheDocument();
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
  openApplications({ [LIST]: [{ status: 200, body: [makeApplication({ yearsExperience: 1 })] }] });
  expect(await screen.findByText('1 Application')).toBeInTheDocument();
  expect(screen.getByText('1 year')).toBeInTheDocument();
});
