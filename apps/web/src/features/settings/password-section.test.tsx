import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = MESSAGES.account;
const CHANGE = '/api/auth/password/change';

async function openSection(api = {}) {
  const app = renderApp('/settings', { signedInAs: {}, api });
  const section = await screen.findByRole('region', { name: 'Password' });
  return { ...app, section: within(section) };
}

async function fill(
  app: Awaited<ReturnType<typeof openSection>>,
  current: string,
  next: string,
  again = next,
) {
  const { user, section } = app;
  if (current) await user.type(section.getByLabelText('Current password'), current);
  await user.type(section.getByLabelText('New password'), next);
  await user.type(section.getByLabelText('Confirm new password'), again);
  await user.click(section.getByRole('button', { name: 'Change password' }));
}

describe('Settings → Password', () => {
  it('checks the fields with the shared rules before asking the server', async () => {
    const app = await openSection();
    await fill(app, '', 'short', 'short');
    expect(await app.section.findByText(m.currentPasswordRequired)).toBeVisible();
    expect(app.section.getByText(MESSAGES.validation.passwordMin)).toBeVisible();

    await app.user.type(app.section.getByLabelText('Current password'), 'old-password');
    await app.user.clear(app.section.getByLabelText('New password'));
    await app.user.type(app.section.getByLabelText('New password'), 'long-enough-1');
    await app.user.click(app.section.getByRole('button', { name: 'Change password' }));
    expect(await app.section.findByText(m.passwordsDoNotMatch)).toBeVisible();
    expect(app.api.callsTo(CHANGE)).toHaveLength(0);
  });

  it('changes the password, says other sessions were signed out, and clears the form', async () => {
    const app = await openSection({ [CHANGE]: [{ status: 204 }] });
    await fill(app, 'old-password', 'new-password-1');
    expect(await screen.findByText(m.passwordChanged)).toBeInTheDocument();
    const [call] = app.api.callsTo(CHANGE);
    expect(call?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    await waitFor(() => expect(app.section.getByLabelText('Current password')).toHaveValue(''));
    expect(app.section.getByLabelText('New password')).toHaveValue('');
  });

  it('marks a wrong current password on its field', async () => {
    const app = await openSection({
      [CHANGE]: [
        {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: m.currentPasswordWrong,
              fields: { currentPassword: m.currentPasswordWrong },
            },
          },
        },
      ],
    });
    await fill(app, 'wrong-password', 'new-password-1');
    expect(await app.section.findByText(m.currentPasswordWrong)).toBeVisible();
    const current = app.section.getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(current).toHaveFocus());
  });

  it('reads “Changing...” while busy and shows a refusal such as too many attempts', async () => {
    const app = await openSection();
    let answer: (response: Response) => void = () => undefined;
    const answerOthers = app.api.fetch.getMockImplementation()!;
    // Holds the change's answer only; the page's other calls answer as usual.
    app.api.fetch.mockImplementation((input, init) =>
      input === CHANGE
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : answerOthers(input, init),
    );
    await fill(app, 'old-password', 'new-password-1');
    expect(await app.section.findByRole('button', { name: 'Changing...' })).toBeDisabled();
    answer(
      new Response(
        JSON.stringify({ error: { code: 'rate_limited', message: m.tooManyWrongPasswords } }),
        { status: 429 },
      ),
    );
    expect(await screen.findByText(m.tooManyWrongPasswords)).toBeInTheDocument();
  });
});
