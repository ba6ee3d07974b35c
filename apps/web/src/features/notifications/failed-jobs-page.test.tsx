import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const FAILED = '/api/admin/jobs/failed';
const JOB = {
  id: 'job-17',
  queue: 'email',
  purpose: 'Verification decision email',
  attempts: 5,
  error: 'SMTP 550: mailbox unavailable',
  failedAt: '2026-11-20T10:15:00.000Z',
};

it('lists the failed jobs for an admin, and retries one', async () => {
  const app = renderApp('/admin/jobs', {
    signedInAs: { roles: ['admin'] },
    api: {
      [FAILED]: [
        { status: 200, body: { items: [JOB] } },
        { status: 200, body: { items: [] } },
      ],
      '/api/admin/jobs/job-17/retry': [{ status: 204 }],
    },
  });
  const list = within(
    await screen.findByRole('list', { name: 'Failed jobs' }, { timeout: 10_000 }),
  );
  const job = within(list.getByRole('listitem'));
  for (const text of ['Verification decision email', 'email', '5', 'SMTP 550: mailbox unavailable'])
    expect(job.getByText(text)).toBeInTheDocument();
  await app.user.click(job.getByRole('button', { name: 'Retry Verification decision email' }));
  await waitFor(() => expect(app.api.callsTo('/api/admin/jobs/job-17/retry')).toHaveLength(1));
  expect(app.api.callsTo('/api/admin/jobs/job-17/retry')[0]?.method).toBe('POST');
  expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
  expect(await screen.findByText('The job is queued again.')).toBeInTheDocument();
});

it('keeps members who are not admins out', async () => {
  const app = renderApp('/admin/jobs', {
    signedInAs: {},
    api: { [FAILED]: [{ status: 200, body: { items: [JOB] } }] },
  });
  await waitFor(() => expect(app.router.state.location.pathname).not.toBe('/admin/jobs'), {
    timeout: 10_000,
  });
  expect(app.api.callsTo(FAILED)).toHaveLength(0);
});
