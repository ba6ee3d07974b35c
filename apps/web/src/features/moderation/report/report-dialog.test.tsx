import { MESSAGES } from '@arena/shared/messages';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { emptyOrganization } from '../../../test/organization-data.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const casey: ProfileDetail = {
  id: '0b5a1f7e-3c2d-4e6f-8a9b-1c2d3e4f5a6b',
  username: 'casey',
  fullName: 'Casey Jones',
  avatarUrl: null,
  verified: false,
  userType: 'coach',
  bio: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  followersCount: 10,
  followingCount: 3,
  isOwn: false,
  isFollowing: false,
  blocking: false,
  muting: false,
  profileViews: null,
  highlightsCount: 0,
};

const profileReply = (overrides: Partial<ProfileDetail> = {}): FakeReply => ({
  status: 200,
  body: {
    ...casey,
    ...overrides,
    cv: null,
    organization: emptyOrganization({ userType: 'coach' }),
  },
});
const REPORT_ID = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

function openCasey(api: Record<string, FakeReply[]>) {
  return renderApp('/profile/casey', {
    signedInAs: {},
    api: { '/api/profiles/casey/views': [{ status: 200, body: { counted: true } }], ...api },
  });
}

async function openReport(user: ReturnType<typeof openCasey>['user']) {
  const more = await screen.findByRole(
    'button',
    { name: 'More actions for @casey' },
    { timeout: 20_000 },
  );
  await user.click(more);
  await user.click(await screen.findByRole('menuitem', { name: 'Report @casey' }));
  return within(await screen.findByRole('dialog', { name: 'Report this profile' }));
}

it('asks for a reason, then reports and blocks in one step', async () => {
  const { user, api } = openCasey({
    '/api/profiles/casey': [profileReply(), profileReply({ blocking: true })],
    'POST /api/reports': [{ status: 201, body: { id: REPORT_ID, updated: false, blocking: true } }],
  });
  const dialog = await openReport(user);
  await user.click(dialog.getByRole('button', { name: 'Send report' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.moderation.reasonRequired);
  expect(api.callsTo('/api/reports')).toHaveLength(0);

  await user.click(dialog.getByRole('radio', { name: 'A minor at risk' }));
  await user.type(dialog.getByRole('textbox', { name: 'Details (optional)' }), 'He asks kids');
  expect(dialog.getByText('12 / 1,000')).toBeInTheDocument();
  await user.click(dialog.getByRole('checkbox', { name: 'Also block @casey' }));
  await user.click(dialog.getByRole('button', { name: 'Send report' }));

  expect(await screen.findByText(MESSAGES.moderation.reported)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.callsTo('/api/reports')[0]?.body).toEqual({
    targetType: 'profile',
    targetId: casey.id,
    reason: 'minor_at_risk',
    details: 'He asks kids',
    block: true,
  });
  // Blocking as well: the profile is fetched again and shows it.
  expect(await screen.findByText('You blocked @casey.')).toBeInTheDocument();
  // Focus is back on the ⋯ button.
  expect(screen.getByRole('button', { name: 'More actions for @casey' })).toHaveFocus();
});

it('keeps the hourly limit in the form and says an earlier report was updated', async () => {
  const { user } = openCasey({
    '/api/profiles/casey': [profileReply()],
    'POST /api/reports': [
      apiError(429, 'rate_limited', MESSAGES.moderation.reportLimit),
      { status: 200, body: { id: REPORT_ID, updated: true, blocking: false } },
    ],
  });
  const dialog = await openReport(user);
  await user.click(dialog.getByRole('radio', { name: 'Spam' }));
  await user.click(dialog.getByRole('button', { name: 'Send report' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.moderation.reportLimit);
  expect(screen.getByRole('dialog')).toBeInTheDocument();

  await user.click(dialog.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText(MESSAGES.moderation.reportUpdated)).toBeInTheDocument();
});

it('does not offer to block someone already blocked', async () => {
  const { user } = openCasey({ '/api/profiles/casey': [profileReply({ blocking: true })] });
  const dialog = await openReport(user);
  expect(dialog.getByRole('radio', { name: 'Harassment or bullying' })).toBeInTheDocument();
  expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
});
