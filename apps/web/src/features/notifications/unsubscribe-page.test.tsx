import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

import { apiError } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { UNSUBSCRIBE_LINK_INCOMPLETE } from './unsubscribe-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const UNSUBSCRIBE = '/api/unsubscribe';
const TOKEN = 'signed.token-for-likes';

it('asks first, then unsubscribes without signing in and says from what', async () => {
  const app = renderApp(`/unsubscribe?token=${TOKEN}`, {
    api: { [UNSUBSCRIBE]: [{ status: 200, body: { kind: 'like', label: 'Likes on your posts' } }] },
  });
  expect(
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Unsubscribe from these emails?' },
      { timeout: 10_000 },
    ),
  ).toBeInTheDocument();
  expect(app.api.callsTo(UNSUBSCRIBE)).toHaveLength(0);
  await app.user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'You will no longer get emails about Likes on your posts. You can change this in Settings → Notifications.',
  );
  expect(screen.getByRole('link', { name: 'Settings → Notifications' })).toHaveAttribute(
    'href',
    '/settings',
  );
  const [call] = app.api.callsTo(UNSUBSCRIBE);
  expect(call?.method).toBe('POST');
  expect(call?.body).toEqual({ token: TOKEN });
  expect(call?.authorization).toBeNull();
});

it('shows the server’s message for a link that does not work', async () => {
  const app = renderApp(`/unsubscribe?token=${TOKEN}`, {
    api: {
      [UNSUBSCRIBE]: [apiError(400, 'validation_failed', 'This unsubscribe link is not valid.')],
    },
  });
  await app.user.click(
    await screen.findByRole('button', { name: 'Unsubscribe' }, { timeout: 10_000 }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
});

it('says when the link has no token', async () => {
  renderApp('/unsubscribe');
  expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
    UNSUBSCRIBE_LINK_INCOMPLETE,
  );
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
});
