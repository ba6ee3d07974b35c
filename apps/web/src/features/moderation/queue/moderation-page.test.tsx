import { MESSAGES } from '@arena/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import type { FakeReply } from '../../../test/fake-api.ts';
import {
  MEMBER,
  makeAction,
  makeAuditEntry,
  makeCase,
  makeCaseSummary,
} from '../../../test/moderation-data.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const OPEN = '/api/moderation/cases?status=open&kind=reports';
const APPEALS = '/api/moderation/cases?status=open&kind=appeal';
const COUNTS = { open: 2, appeals: 1 };
const page = (items: unknown[], counts = COUNTS): FakeReply => ({
  status: 200,
  body: { items, nextCursor: null, counts },
});

const urgent = makeCaseSummary({
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  priority: true,
  reasons: [{ reason: 'minor_at_risk', count: 1 }],
  reportCount: 1,
  excerpt: 'Send me your photos',
});
const rude = makeCaseSummary();
const caseUrl = (id: string) => `/api/moderation/cases/${id}`;

function openModeration(api: Record<string, FakeReply[]>, path = '/moderation') {
  return renderApp(path, { signedInAs: { roles: ['admin'] }, api });
}

const findQueue = (name = 'Open cases') => screen.findByRole('list', { name }, { timeout: 20_000 });

it('lists the open cases, priority first, with the counts, in one request', async () => {
  const { api } = openModeration({ [OPEN]: [page([urgent, rude])] });
  const queue = within(await findQueue());
  const [first, second] = queue.getAllByRole('link');
  expect(first).toHaveTextContent('Minor at risk');
  expect(first).toHaveTextContent('Post by Rob Rude');
  expect(first).toHaveTextContent('A minor at risk (1)');
  expect(second).toHaveTextContent('3 reports');
  expect(second).toHaveTextContent('Harassment or bullying (2)');
  expect(second).toHaveTextContent('Spam (1)');
  expect(second).not.toHaveTextContent('Minor at risk');
  expect(screen.getByRole('tab', { name: 'Open 2' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Appeals 1' })).toBeInTheDocument();
  const moderationCalls = api.calls.filter((call) => call.path.startsWith('/api/moderation'));
  expect(moderationCalls.map((call) => call.path)).toEqual([OPEN]);
});

it('moves between tabs with the arrow keys', async () => {
  const { user } = openModeration({
    [OPEN]: [page([rude])],
    [APPEALS]: [
      page([makeCaseSummary({ id: urgent.id, kind: 'appeal', excerpt: 'I was joking' })]),
    ],
  });
  await findQueue();
  screen.getByRole('tab', { name: /^Open/ }).focus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: /^Appeals/ })).toHaveFocus();
  expect(await findQueue('Appeals')).toHaveTextContent('I was joking');
});

it('opens a case with its item, reports, history and notes', async () => {
  const { user } = openModeration({
    [OPEN]: [page([rude])],
    [caseUrl(rude.id)]: [
      {
        status: 200,
        body: makeCase({
          history: [{ ...makeAction({ reason: 'Spam last month.' }), caseId: urgent.id }],
          notes: [
            {
              id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
              admin: MEMBER,
              text: 'Watch this one.',
              createdAt: '2026-11-20T11:00:00.000Z',
            },
          ],
        }),
      },
    ],
  });
  await user.click(within(await findQueue()).getByRole('link'));
  const heading = await screen.findByRole('heading', { level: 2, name: /Post by Rob Rude/ });
  await waitFor(() => expect(heading).toHaveFocus());
  const item = within(screen.getByRole('region', { name: 'Reported item' }));
  expect(item.getByText('You are all useless')).toBeInTheDocument();
  expect(item.getByRole('link', { name: 'Open it in Arena' })).toHaveAttribute(
    'href',
    `/posts/${rude.target.id}`,
  );
  expect(screen.getByRole('region', { name: 'Reports (1)' })).toHaveTextContent(
    'He keeps insulting the juniors.',
  );
  expect(screen.getByRole('region', { name: 'Earlier sanctions' })).toHaveTextContent(
    'Spam last month.',
  );
  expect(screen.getByRole('region', { name: 'Private notes' })).toHaveTextContent(
    'Watch this one.',
  );
});

it('marks the reported message among its neighbours', async () => {
  const sender = MEMBER;
  const message = (id: string, body: string, reported: boolean) => ({
    id,
    sender,
    body,
    createdAt: '2026-11-20T10:00:00.000Z',
    reported,
  });
  openModeration(
    {
      [OPEN]: [page([rude])],
      [caseUrl(rude.id)]: [
        {
          status: 200,
          body: makeCase({
            item: {
              type: 'message',
              id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
              exists: true,
              text: 'Go away',
              href: null,
              context: [
                message('d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f7a', 'Hello', false),
                message('c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f', 'Go away', true),
              ],
            },
          }),
        },
      ],
    },
    `/moderation?case=${rude.id}`,
  );
  const conversation = await screen.findByRole(
    'list',
    { name: 'The conversation around the message' },
    { timeout: 20_000 },
  );
  const [before, reported] = within(conversation).getAllByRole('listitem');
  expect(before).not.toHaveAttribute('aria-current');
  expect(reported).toHaveAttribute('aria-current', 'true');
  expect(reported).toHaveTextContent('Reported');
});

it('checks the decision form: dismiss alone, days with suspend, a reason required', async () => {
  const { user, api } = openModeration(
    { [OPEN]: [page([rude])], [caseUrl(rude.id)]: [{ status: 200, body: makeCase() }] },
    `/moderation?case=${rude.id}`,
  );
  const form = within(await screen.findByRole('form', { name: 'Decision' }, { timeout: 20_000 }));
  await user.click(form.getByRole('checkbox', { name: 'Dismiss' }));
  expect(form.getByRole('checkbox', { name: 'Warn the member' })).toBeDisabled();
  await user.click(form.getByRole('checkbox', { name: 'Dismiss' }));
  expect(form.getByRole('checkbox', { name: 'Warn the member' })).toBeEnabled();

  expect(form.queryByRole('spinbutton', { name: /Days/ })).not.toBeInTheDocument();
  await user.click(form.getByRole('checkbox', { name: 'Suspend' }));
  expect(form.getByRole('spinbutton', { name: /Days of suspension/ })).toHaveValue(7);

  await user.click(form.getByRole('button', { name: 'Apply decision' }));
  expect(form.getByText(MESSAGES.moderation.reasonTextRequired)).toBeInTheDocument();
  expect(api.callsTo(`${caseUrl(rude.id)}/actions`)).toHaveLength(0);
});

it('asks before a suspension, then acts and opens the next case', async () => {
  const decided = makeCase({ status: 'closed' });
  const { user, api } = openModeration(
    {
      [OPEN]: [page([rude, urgent]), page([urgent], { open: 1, appeals: 1 })],
      [caseUrl(rude.id)]: [{ status: 200, body: makeCase() }],
      [`POST ${caseUrl(rude.id)}/actions`]: [{ status: 200, body: decided }],
      [caseUrl(urgent.id)]: [{ status: 200, body: makeCase({ ...urgent }) }],
    },
    `/moderation?case=${rude.id}`,
  );
  const form = within(await screen.findByRole('form', { name: 'Decision' }, { timeout: 20_000 }));
  await user.click(form.getByRole('checkbox', { name: 'Remove the content' }));
  await user.click(form.getByRole('checkbox', { name: 'Suspend' }));
  const days = form.getByRole('spinbutton', { name: /Days of suspension/ });
  await user.clear(days);
  await user.type(days, '3');
  await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Insults.');
  await user.type(form.getByRole('textbox', { name: /Private note/ }), 'Third time.');
  await user.click(form.getByRole('button', { name: 'Apply decision' }));

  const confirm = within(
    await screen.findByRole('alertdialog', { name: 'Suspend @rude_rob for 3 days?' }),
  );
  await user.click(confirm.getByRole('button', { name: 'Suspend' }));
  await waitFor(() =>
    expect(api.callsTo(`${caseUrl(rude.id)}/actions`)[0]?.body).toEqual({
      actions: ['remove', 'suspend'],
      suspendDays: 3,
      reason: 'Insults.',
      note: 'Third time.',
    }),
  );
  // The next case opens: asked for, then shown. Its heading reads like the decided one's, so it
  // is looked up afresh each time (a heading found a moment earlier may be the decided case's,
  // replaced as the next one renders).
  await waitFor(() => expect(api.callsTo(caseUrl(urgent.id))).toHaveLength(1), {
    timeout: 10_000,
  });
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 2, name: /Post by Rob Rude/ })).toBeInTheDocument(),
  );
  expect(await screen.findByRole('tab', { name: 'Open 1' })).toBeInTheDocument();
});

it('shows a refusal in the form', async () => {
  const { user } = openModeration(
    {
      [OPEN]: [page([rude])],
      [caseUrl(rude.id)]: [{ status: 200, body: makeCase() }],
      [`POST ${caseUrl(rude.id)}/actions`]: [
        apiError(409, 'conflict', MESSAGES.moderation.caseClosed),
      ],
    },
    `/moderation?case=${rude.id}`,
  );
  const form = within(await screen.findByRole('form', { name: 'Decision' }, { timeout: 20_000 }));
  await user.click(form.getByRole('checkbox', { name: 'Warn the member' }));
  await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Insults.');
  await user.click(form.getByRole('button', { name: 'Apply decision' }));
  expect(await form.findByRole('alert')).toHaveTextContent(MESSAGES.moderation.caseClosed);
});

it('decides an appeal: the appeal beside the action, Uphold or Overturn with a reason', async () => {
  const appealCase = makeCase({
    id: urgent.id,
    kind: 'appeal',
    actions: [
      makeAction({
        appeal: {
          id: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
          text: 'I was joking with my friends.',
          createdAt: '2026-11-22T10:00:00.000Z',
          decision: null,
          decidedAt: null,
        },
      }),
    ],
  });
  const { user, api } = openModeration(
    {
      [APPEALS]: [page([makeCaseSummary({ id: urgent.id, kind: 'appeal' })])],
      [caseUrl(urgent.id)]: [{ status: 200, body: appealCase }],
      [`POST /api/moderation/appeals/${urgent.id}`]: [
        { status: 200, body: { ...appealCase, status: 'closed' } },
      ],
    },
    `/moderation?tab=appeals&case=${urgent.id}`,
  );
  const form = within(await screen.findByRole('form', { name: 'The appeal' }, { timeout: 20_000 }));
  expect(form.getByText('I was joking with my friends.')).toBeInTheDocument();
  expect(form.getByText(/Against:/)).toHaveTextContent('Warning');
  await user.click(form.getByRole('button', { name: 'Overturn' }));
  expect(form.getByText(MESSAGES.moderation.reasonTextRequired)).toBeInTheDocument();
  await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Fair enough.');
  await user.click(form.getByRole('button', { name: 'Overturn' }));
  await waitFor(() =>
    expect(api.callsTo(`/api/moderation/appeals/${urgent.id}`)[0]?.body).toEqual({
      decision: 'overturned',
      reason: 'Fair enough.',
    }),
  );
  expect(await screen.findByText('The decision was overturned.')).toBeInTheDocument();
});

it('shows the audit log as a table', async () => {
  openModeration(
    {
      '/api/moderation/audit': [
        { status: 200, body: { items: [makeAuditEntry()], nextCursor: null } },
      ],
    },
    '/moderation?tab=audit',
  );
  const table = await screen.findByRole('table', {}, { timeout: 20_000 });
  const [, row] = within(table).getAllByRole('row');
  expect(row).toHaveTextContent('Ada Admin');
  expect(row).toHaveTextContent('Warned');
  expect(row).toHaveTextContent('@rude_rob');
  expect(row).toHaveTextContent('Insults are not allowed.');
});

it('sends a member who is not an admin to the feed', async () => {
  const { router } = renderApp('/moderation', { signedInAs: { roles: [] } });
  await waitFor(() => expect(router.state.location.pathname).toBe('/feed'), { timeout: 20_000 });
  expect(await screen.findByText(MESSAGES.adminOnly)).toBeInTheDocument();
});

it('is in the avatar menu of an admin', async () => {
  const { user, router } = openModeration({ [OPEN]: [page([])] }, '/moderation?tab=closed');
  await user.click(
    await screen.findByRole('button', { name: /account menu/i }, { timeout: 20_000 }),
  );
  await user.click(await screen.findByRole('menuitem', { name: 'Moderation' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByText(MESSAGES.moderation.queueEmpty)).toBeInTheDocument();
});
