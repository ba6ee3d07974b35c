import { MESSAGES } from '@arena/shared/messages';
import type { PublicProfilePage } from '@arena/shared/public-profile.schema';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROFILE: PublicProfilePage = {
  username: 'eve_winger',
  fullName: 'Eve Costa',
  avatarUrl: null,
  userType: 'player',
  verified: true,
  sections: ['sport', 'career', 'highlights'],
  sport: {
    sport: 'football',
    mainPosition: 'Left winger',
    otherPositions: null,
    heightCm: 171,
    weightKg: null,
    nationalities: 'Portuguese',
    age: 24,
  },
  career: [
    {
      id: '7d0f4c1e-8a39-4d6b-9a4e-1f2b3c4d5e60',
      season: '2025',
      teamName: 'FC Porto B',
      role: 'Player',
    },
  ],
  awards: null,
  availability: null,
  highlights: [
    {
      id: '8e1f4c1e-8a39-4d6b-9a4e-1f2b3c4d5e61',
      content: 'Goal of the month',
      mediaUrl: '/files/posts/goal.jpg',
      mediaType: 'image',
      mediaImage: null,
      posterUrl: null,
      sport: 'football',
      createdAt: '2026-11-01T12:00:00.000Z',
    },
  ],
};

const URL_OF = '/api/public/profiles/eve_winger';

describe('/p/:username', () => {
  it('shows a visitor the chosen sections, and the way to join', async () => {
    const app = renderApp('/p/eve_winger', { api: { [URL_OF]: [{ status: 200, body: PROFILE }] } });
    expect(await screen.findByRole('heading', { level: 1, name: /Eve Costa/ })).toBeVisible();
    expect(screen.getByText('@eve_winger')).toBeVisible();
    expect(screen.getByText('Player on Arena')).toBeVisible();

    const sport = within(screen.getByRole('region', { name: 'Sport' }));
    expect(sport.getByText('Football')).toBeVisible();
    expect(sport.getByText('Left winger')).toBeVisible();
    expect(sport.getByText('171 cm')).toBeVisible();
    expect(sport.getByText('24 years old')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Career' })).getByText('FC Porto B'),
    ).toBeVisible();
    const highlights = within(screen.getByRole('region', { name: 'Highlights' }));
    expect(highlights.getByRole('img', { name: 'Photo posted by Eve Costa' })).toHaveAttribute(
      'src',
      '/files/posts/goal.jpg',
    );
    expect(highlights.getByText('Goal of the month')).toBeVisible();
    // Sections not chosen are not there at all.
    expect(screen.queryByRole('region', { name: 'Awards/Achievements' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Availability' })).toBeNull();

    expect(screen.getAllByRole('link', { name: 'Join Arena' })[0]).toHaveAttribute(
      'href',
      '/auth?tab=signup',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    // Read without a token.
    expect(app.api.callsTo(URL_OF)[0]?.authorization).toBeNull();
    expect(document.title).toBe('Eve Costa (@eve_winger) | Arena');
  });

  it('says plainly when there is no public profile', async () => {
    renderApp('/p/nobody', {
      api: {
        '/api/public/profiles/nobody': [
          { status: 404, body: { error: { code: 'not_found', message: 'Profile not found' } } },
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.publicProfile.notFound);
    expect(screen.getByRole('link', { name: 'Go to Arena' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the profile could not be loaded', async () => {
    const app = renderApp('/p/eve_winger', {
      api: {
        [URL_OF]: [
          { status: 400, body: { error: { code: 'bad_request', message: 'Broken' } } },
          { status: 200, body: PROFILE },
        ],
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MESSAGES.publicProfile.pageLoadFailed,
    );
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Eve Costa/ })).toBeVisible();
  });

  it('shows a signed-in member the way back to their feed instead of joining', async () => {
    renderApp('/p/eve_winger', {
      signedInAs: {},
      api: { [URL_OF]: [{ status: 200, body: PROFILE }] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Eve Costa/ })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Go to your feed' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Join Arena' })).toBeNull();
  });

  it('takes the tags the server wrote away when the visitor leaves the page', async () => {
    const tag = document.createElement('meta');
    tag.setAttribute('property', 'og:title');
    tag.setAttribute('data-public-profile', '');
    document.head.append(tag);
    const app = renderApp('/p/eve_winger', { api: { [URL_OF]: [{ status: 200, body: PROFILE }] } });
    expect(await screen.findByRole('heading', { level: 1, name: /Eve Costa/ })).toBeVisible();
    expect(document.head.contains(tag)).toBe(true);
    await app.router.navigate('/user-agreement');
    await vi.waitFor(() => expect(document.head.contains(tag)).toBe(false));
  });
});
