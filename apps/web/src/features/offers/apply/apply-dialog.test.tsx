import type { Cv } from '@arena/shared/cv.schema';
import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { BoundFunctions, queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOffer } from '../../../test/offer-data.ts';

/** Types a whole answer at once (pasting: typing key by key is slow under a loaded test run). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const offer = makeOffer();
const APPLY = `/api/offers/${offer.id}/applications`;
const CV_UPLOAD_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

const cv: Cv = {
  athlete: {
    sport: 'basketball',
    mainPosition: 'Point Guard',
    otherPositions: null,
    heightCm: 188,
    weightKg: 84,
    armSpan: null,
    birthdate: null,
    age: null,
    sex: null,
    nationalities: null,
    country: null,
    city: null,
    aboutPlayer: null,
    availabilityStatus: null,
  },
  career: [],
  awards: [
    {
      id: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
      title: 'League MVP',
      description: null,
      awardDate: null,
    },
  ],
  openToOffers: null,
  fillRate: 40,
};

async function openApply(api: Record<string, FakeReply[]> = {}) {
  const app = renderApp('/offers', {
    signedInAs: {},
    api: {
      '/api/offers': [{ status: 200, body: { items: [offer], nextCursor: null } }],
      '/api/profiles/jordan_23/cv': [{ status: 200, body: cv }],
      ...api,
    },
  });
  // Files the picker's `accept` would hide must still reach the component's own check.
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: `Apply to ${offer.title}` }));
  const dialog = await screen.findByRole('dialog', { name: `Apply to ${offer.title}` });
  await within(dialog).findByLabelText('Full name');
  return { ...app, user, dialog: within(dialog) };
}

async function fillRequired(
  user: ReturnType<typeof userEvent.setup>,
  dialog: BoundFunctions<typeof queries>,
) {
  await fill(user, dialog.getByLabelText('Years of experience'), '6');
  await fill(user, dialog.getByLabelText('Availability'), 'From July');
  await fill(
    user,
    dialog.getByLabelText('Why are you interested?'),
    'I want to run a pro offence.',
  );
  await user.click(dialog.getByRole('radio', { name: 'Yes' }));
  await user.click(dialog.getByRole('combobox', { name: 'Desired contract duration' }));
  await user.click(await screen.findByRole('option', { name: 'Multi-Year' }));
}

it('prefills the form from the account and the CV', async () => {
  const { dialog } = await openApply();
  expect(dialog.getByLabelText('Full name')).toHaveValue('Jordan Miles');
  expect(dialog.getByLabelText('Email')).toHaveValue('jordan@arena.test');
  expect(dialog.getByLabelText('Sport')).toHaveValue('Basketball');
  expect(dialog.getByLabelText('Position or role')).toHaveValue('Point Guard');
  expect(dialog.getByLabelText('Height / weight')).toHaveValue('188 cm / 84 kg');
  expect(dialog.getByLabelText('Achievements')).toHaveValue('League MVP');
});

it('shows each missing answer by its field and asks for both consents', async () => {
  const { user, dialog, api } = await openApply();
  await user.clear(dialog.getByLabelText('Full name'));
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }));

  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.application.consentRequired);
  expect(dialog.getByText(MESSAGES.application.fullNameRequired)).toBeInTheDocument();
  expect(dialog.getByText(MESSAGES.application.experienceInvalid)).toBeInTheDocument();
  expect(dialog.getByText(MESSAGES.application.availabilityRequired)).toBeInTheDocument();
  expect(dialog.getByText(MESSAGES.application.relocateRequired)).toBeInTheDocument();
  expect(dialog.getByText(MESSAGES.application.contractRequired)).toBeInTheDocument();
  expect(dialog.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');

  // Everything answered but one consent: still refused, by the consent message alone.
  await fill(user, dialog.getByLabelText('Full name'), 'Jordan Miles');
  await fillRequired(user, dialog);
  await user.click(dialog.getByRole('checkbox', { name: /Privacy Policy/ }));
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.application.consentRequired);
  expect(dialog.queryByText(MESSAGES.application.fullNameRequired)).not.toBeInTheDocument();
  expect(api.callsTo(APPLY)).toHaveLength(0);
});

it('refuses a CV of another type, or over 10MB, before any upload', async () => {
  const { user, dialog, api } = await openApply();
  const input = dialog.getByLabelText(/CV \(optional\)/);

  await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.application.cvInvalidType);

  const huge = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
  Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
  await user.upload(input, huge);
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.application.cvTooLarge);
  expect(dialog.queryByText('cv.pdf')).not.toBeInTheDocument();
  expect(api.callsTo('/api/cv-uploads')).toHaveLength(0);
});

it('uploads the CV, sends the application and turns the card to a disabled Applied', async () => {
  const { user, dialog, api } = await openApply({
    '/api/cv-uploads': [{ status: 201, body: { id: CV_UPLOAD_ID, fileName: 'cv.pdf' } }],
    [APPLY]: [{ status: 201, body: makeOffer({ appliedByMe: true, applicationCount: 1 }) }],
  });
  await fillRequired(user, dialog);
  await user.upload(
    dialog.getByLabelText(/CV \(optional\)/),
    new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }),
  );
  expect(dialog.getByText('cv.pdf')).toBeInTheDocument();
  await user.click(dialog.getByRole('checkbox', { name: /Privacy Policy/ }));
  await user.click(dialog.getByRole('checkbox', { name: /share my application/ }));
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }));

  expect(await screen.findByText(MESSAGES.application.submitted)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo('/api/cv-uploads')).toHaveLength(1);
  expect(api.callsTo(APPLY)[0]?.body).toEqual({
    athleteName: 'Jordan Miles',
    email: 'jordan@arena.test',
    sport: 'Basketball',
    currentTeam: null,
    positionRole: 'Point Guard',
    yearsExperience: 6,
    achievements: 'League MVP',
    heightWeight: '188 cm / 84 kg',
    availability: 'From July',
    whyInterested: 'I want to run a pro offence.',
    willingToRelocate: true,
    desiredContractDuration: 'Multi-Year',
    consentPrivacyPolicy: true,
    consentDataSharing: true,
    cvUploadId: CV_UPLOAD_ID,
  });
});

it("shows the server's refusal inside the dialog", async () => {
  const { user, dialog } = await openApply({
    [APPLY]: [apiError(409, 'conflict', MESSAGES.application.alreadyApplied)],
  });
  await fillRequired(user, dialog);
  await user.click(dialog.getByRole('checkbox', { name: /Privacy Policy/ }));
  await user.click(dialog.getByRole('checkbox', { name: /share my application/ }));
  await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.application.alreadyApplied);
});

it('asks a visitor to sign in instead', async () => {
  const { user, router } = renderApp('/offers', {
    api: { '/api/offers': [{ status: 200, body: { items: [offer], nextCursor: null } }] },
  });
  await user.click(await screen.findByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('Login Required')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
});
