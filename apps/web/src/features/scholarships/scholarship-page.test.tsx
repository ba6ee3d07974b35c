import { MESSAGES } from '@arena/shared/messages';
import { SCHOLARSHIP_MESSAGES } from '@arena/shared/scholarship.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { emptyCv } from '../../test/cv-data.ts';
import { apiError } from '../../test/fake-api.ts';
import { CLUB } from '../../test/offer-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeScholarship } from '../../test/scholarship-data.ts';

// Whole pages, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const scholarship = makeScholarship();
const PATH = `/api/scholarships/${scholarship.id}`;
const APPLY = `/api/offers/${scholarship.id}/applications`;

function definition(page: Pick<typeof screen, 'getByText'>, term: string) {
  return page.getByText(term, { selector: 'dt' }).nextElementSibling;
}

it('shows every field, and applies through the offers’ dialog', async () => {
  const { api } = renderApp(`/scholarships/${scholarship.id}`, {
    signedInAs: {},
    api: {
      [PATH]: [
        { status: 200, body: scholarship },
        { status: 200, body: { ...scholarship, appliedByMe: true, applicationCount: 1 } },
      ],
      '/api/profiles/jordan_23/cv': [{ status: 200, body: emptyCv() }],
      [APPLY]: [{ status: 201, body: { ...scholarship, appliedByMe: true, applicationCount: 1 } }],
    },
  });
  const page = within(await screen.findByRole('article', { name: scholarship.title }));
  expect(page.getByText('Lakeside University', { selector: 'p' })).toBeInTheDocument();
  expect(definition(page, 'Country')).toHaveTextContent('United States');
  expect(definition(page, 'Level')).toHaveTextContent('NCAA Division I');
  expect(definition(page, 'Coverage')).toHaveTextContent('Full scholarship');
  expect(definition(page, 'Amount')).toHaveTextContent('$48,000 a year');
  expect(definition(page, 'Number available')).toHaveTextContent('2 available');
  expect(definition(page, 'Ages')).toHaveTextContent('17–19');
  expect(definition(page, 'Eligible positions')).toHaveTextContent('Goalkeeper, Defender');
  expect(definition(page, 'Deadline')).toHaveTextContent('Apply by Mar 1, 2099');
  expect(page.getByText('GPA 3.0 or higher')).toBeInTheDocument();
  expect(page.getByText('Apply with your highlights and transcript.')).toBeInTheDocument();
  expect(page.queryByRole('region', { name: 'Manage scholarship' })).not.toBeInTheDocument();
  expect(page.getByRole('button', { name: 'Report scholarship' })).toBeInTheDocument();

  const user = userEvent.setup();
  await user.click(page.getByRole('button', { name: `Apply to ${scholarship.title}` }));
  const dialog = within(
    await screen.findByRole('dialog', { name: `Apply to ${scholarship.title}` }),
  );
  expect(dialog.getByText('Lakeside University · United States')).toBeInTheDocument();
  await user.click(dialog.getByLabelText('Position or role'));
  await user.paste('Goalkeeper');
  await user.click(dialog.getByLabelText('Years of experience'));
  await user.paste('4');
  await user.click(dialog.getByLabelText('Availability'));
  await user.paste('From August');
  await user.click(dialog.getByLabelText('Why are you interested?'));
  await user.paste('To study and play at the top level.');
  await user.click(dialog.getByRole('radio', { name: 'Yes' }));
  await user.click(dialog.getByRole('combobox', { name: 'Desired contract duration' }));
  await user.click(await screen.findByRole('option', { name: 'Multi-Year' }));
  await user.click(dialog.getByRole('checkbox', { name: /Privacy Policy/ }));
  await user.click(dialog.getByRole('checkbox', { name: /share my application/ }));
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }));

  expect(await screen.findByText(MESSAGES.application.submitted)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
  expect(api.callsTo(APPLY)[0]?.body).toMatchObject({
    sport: 'Football',
    availability: 'From August',
    consentPrivacyPolicy: true,
    consentDataSharing: true,
    cvUploadId: null,
  });
});

it('gives its poster the applications, edit, close and delete', async () => {
  const mine = makeScholarship({ canManage: true, applicationCount: 3 });
  const { api, user } = renderApp(`/scholarships/${mine.id}`, {
    signedInAs: { profile: { id: CLUB.id, userType: 'club', verified: true } },
    api: {
      [PATH]: [
        { status: 200, body: mine },
        { status: 200, body: { ...mine, closedReason: 'closed' } },
      ],
      [`PATCH ${PATH}`]: [{ status: 200, body: { ...mine, closedReason: 'closed' } }],
    },
  });
  const manage = within(await screen.findByRole('region', { name: 'Manage scholarship' }));
  expect(screen.getByText('Your scholarship')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Report scholarship' })).not.toBeInTheDocument();
  expect(manage.getByRole('link', { name: 'Applications (3)' })).toHaveAttribute(
    'href',
    `/applications-received?offer=${mine.id}`,
  );
  expect(manage.getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/scholarships/${mine.id}/edit`,
  );
  expect(manage.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  await user.click(manage.getByRole('button', { name: 'Close' }));
  await user.click(await screen.findByRole('button', { name: 'Close scholarship' }));
  expect(await screen.findByText(SCHOLARSHIP_MESSAGES.closed)).toBeInTheDocument();
  expect(api.callsTo(PATH).find((call) => call.method === 'PATCH')?.body).toEqual({
    closed: true,
  });
  expect(await screen.findByText(SCHOLARSHIP_MESSAGES.closedReasons.closed)).toBeInTheDocument();
  expect(await manage.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
});

it('says why it takes no applications, and offers no Apply', async () => {
  renderApp(`/scholarships/${scholarship.id}`, {
    signedInAs: {},
    api: { [PATH]: [{ status: 200, body: { ...scholarship, closedReason: 'deadline' } }] },
  });
  expect(await screen.findByText(SCHOLARSHIP_MESSAGES.closedReasons.deadline)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
});

it('says so when the scholarship is gone', async () => {
  renderApp(`/scholarships/${scholarship.id}`, {
    signedInAs: {},
    api: { [PATH]: [apiError(404, 'not_found', SCHOLARSHIP_MESSAGES.notFound)] },
  });
  await waitFor(() => expect(screen.getByText(SCHOLARSHIP_MESSAGES.notFound)).toBeInTheDocument());
});
