import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import { makeMyAction } from '../../../test/moderation-data.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const MINE = '/api/me/moderation?limit=20';
const warning = makeMyAction();
const APPEAL = `/api/moderation/actions/${warning.id}/appeal`;
const page = (items: unknown[]): FakeReply => ({ status: 200, body: { items, nextCursor: null } });
const appealed = {
  ...warning,
  canAppeal: false,
  appeal: {
    id: 'f6a7b8c9-d0e1-4f2a-8b3c-4d5e6f7a8b9c',
    text: 'I was joking.',
    createdAt: '2026-11-22T10:00:00.000Z',
    decision: null,
    decidedAt: null,
  },
};

it('lists the decisions about the member and appeals one once', async () => {
  const { user, api } = renderApp('/decisions', {
    signedInAs: {},
    api: {
      [MINE]: [page([warning]), page([appealed])],
      [`POST ${APPEAL}`]: [
        apiError(400, 'bad_request', MESSAGES.moderation.appealMax),
        { status: 201, body: appealed.appeal },
      ],
    },
  });
  const decision = within(
    await screen.findByRole('article', { name: 'Warning' }, { timeout: 20_000 }),
  );
  expect(decision.getByText('Insults are not allowed.')).toBeInTheDocument();
  expect(decision.getByRole('heading')).toHaveTextContent('Warning about your post');

  await user.click(decision.getByRole('button', { name: 'Appeal' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Appeal: Warning' }));
  await user.click(dialog.getByRole('button', { name: 'Send appeal' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.moderation.appealRequired);
  const text = dialog.getByRole('textbox', { name: 'Why should the decision change?' });
  await user.type(text, 'I was joking.');
  expect(dialog.getByText('13 / 2,000')).toBeInTheDocument();
  // A refusal stays in the dialog.
  await user.click(dialog.getByRole('button', { name: 'Send appeal' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.moderation.appealMax);
  await user.click(dialog.getByRole('button', { name: 'Send appeal' }));

  expect(await screen.findByText(MESSAGES.moderation.appealSent)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.callsTo(APPEAL).at(-1)?.body).toEqual({ text: 'I was joking.' });
  expect(decision.queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  expect(decision.getByText('Appeal sent. A moderator will review it.')).toBeInTheDocument();
});

it('says how an appeal was decided, and offers none when it cannot be appealed', async () => {
  renderApp('/decisions', {
    signedInAs: {},
    api: {
      [MINE]: [
        page([
          {
            ...appealed,
            appeal: {
              ...appealed.appeal,
              decision: 'overturned',
              decidedAt: appealed.appeal.createdAt,
            },
          },
          makeMyAction({
            id: 'a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c0d',
            action: 'remove',
            canAppeal: false,
            target: { type: 'comment', id: warning.target.id },
          }),
        ]),
      ],
    },
  });
  const overturned = within(
    await screen.findByRole('article', { name: 'Warning' }, { timeout: 20_000 }),
  );
  expect(overturned.getByText('Appeal reviewed: the decision was reversed.')).toBeInTheDocument();
  const removed = within(screen.getByRole('article', { name: 'Content removed' }));
  expect(removed.getByRole('heading')).toHaveTextContent('about your comment');
  expect(removed.queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
});

it('says so when no decision was taken', async () => {
  renderApp('/decisions', { signedInAs: {}, api: { [MINE]: [page([])] } });
  expect(
    await screen.findByText('No decision has been taken about you.', {}, { timeout: 20_000 }),
  ).toBeInTheDocument();
});

const suspension = makeMyAction({ action: 'suspend', suspendDays: 7 });
const LINK = '/api/moderation/appeal?token=signed-token';

it('lets a suspended member appeal from the emailed link without signing in', async () => {
  const { user, api } = renderApp('/appeal?token=signed-token', {
    api: {
      [LINK]: [
        { status: 200, body: suspension },
        { status: 200, body: { ...suspension, canAppeal: false, appeal: appealed.appeal } },
      ],
      'POST /api/moderation/appeal': [{ status: 201, body: appealed.appeal }],
    },
  });
  const decision = await screen.findByRole('region', { name: 'The decision' }, { timeout: 20_000 });
  expect(decision).toHaveTextContent('Suspended for 7 days about your post');
  await user.type(
    screen.getByRole('textbox', { name: 'Why should the decision change?' }),
    'I was joking.',
  );
  await user.click(screen.getByRole('button', { name: 'Send appeal' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Appeal sent. A moderator will review it.',
  );
  expect(api.callsTo('/api/moderation/appeal').at(-1)).toMatchObject({
    method: 'POST',
    authorization: null,
    body: { token: 'signed-token', text: 'I was joking.' },
  });
});

it('says when the appeal link is not valid', async () => {
  renderApp('/appeal?token=stale', {
    api: {
      '/api/moderation/appeal?token=stale': [
        apiError(404, 'not_found', MESSAGES.moderation.appealLinkInvalid),
      ],
    },
  });
  expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(
    MESSAGES.moderation.appealLinkInvalid,
  );
});
