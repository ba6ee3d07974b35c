import { ageOn } from '@arena/shared/age';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { fakeOf } from '../../../test/unit/fake-of.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { publicProfileHead } from './public-profile-head.ts';
import type {
  PublicProfileRow,
  PublicProfilesRepository,
  StoredSettings,
} from './public-profiles.repository.ts';
import { createPublicProfilesService } from './public-profiles.service.ts';

const me: AuthContext = { userId: 'u-1', profileId: 'p-1', aal: 'aal1' };
const URL = 'https://arena.example';

const stored = (patch: Partial<StoredSettings> = {}): StoredSettings => ({
  username: 'eve',
  minor: false,
  sections: null,
  allowIndexing: false,
  ...patch,
});

const row = (patch: Partial<PublicProfileRow> = {}): PublicProfileRow => ({
  id: 'p-1',
  username: 'eve',
  fullName: 'Eve Costa',
  avatarUrl: '/files/avatars/u-1/a.webp',
  userType: 'player',
  verified: false,
  sections: ['sport'],
  allowIndexing: false,
  minor: false,
  sanctioned: false,
  sport: 'football',
  mainPosition: 'Winger',
  otherPositions: null,
  heightCm: 170,
  weightKg: null,
  nationalities: null,
  birthdate: '1995-03-02',
  availabilityStatus: 'Available',
  career: [],
  awards: [],
  openToOffers: { visibility: 'verified', contractTypes: ['Short-Term'], contractEndsOn: null },
  ...patch,
});

describe('public profiles service', () => {
  it('refuses a minor and writes nothing', async () => {
    const put = vi.fn();
    const service = createPublicProfilesService(
      fakeOf<PublicProfilesRepository>({
        settingsOf: () => Promise.resolve(stored({ minor: true })),
        put,
      }),
      URL,
    );
    await expectRefusal(
      service.save(me, { sections: ['sport'], allowIndexing: false }),
      'forbidden',
      MESSAGES.publicProfile.minorsCannot,
    );
    expect(put).not.toHaveBeenCalled();
  });

  it('reports a minor’s settings as off and not eligible, whatever is stored', async () => {
    const service = createPublicProfilesService(
      fakeOf<PublicProfilesRepository>({
        settingsOf: () => Promise.resolve(stored({ minor: true, sections: ['sport'] })),
      }),
      URL,
    );
    expect(await service.settings(me)).toEqual({
      enabled: false,
      sections: [],
      allowIndexing: false,
      url: `${URL}/p/eve`,
      eligible: false,
    });
  });

  it.each([
    ['off', row({ sections: null })],
    ['a minor', row({ minor: true })],
    ['suspended or banned', row({ sanctioned: true })],
    ['nobody', undefined],
  ])('has no page when the member is %s', async (_case, found) => {
    const service = createPublicProfilesService(
      fakeOf<PublicProfilesRepository>({ page: () => Promise.resolve(found) }),
      URL,
    );
    expect(await service.shown('eve')).toBeNull();
    await expectRefusal(service.page('eve'), 'not_found', MESSAGES.profileNotFound);
  });

  it('reads only the chosen sections, and never the birthdate', async () => {
    const highlights = vi.fn(() => Promise.resolve([]));
    const service = createPublicProfilesService(
      fakeOf<PublicProfilesRepository>({
        page: () => Promise.resolve(row({ sections: ['sport', 'availability'] })),
        highlights,
      }),
      URL,
    );
    const page = await service.page('eve');
    expect(page.sport).toMatchObject({ sport: 'football', age: ageOn('1995-03-02') });
    expect(JSON.stringify(page)).not.toContain('1995-03-02');
    // Open to offers for verified organisations only: not on a public page.
    expect(page.availability).toEqual({ status: 'Available', openToOffers: null });
    expect(page.career).toBeNull();
    expect(page.awards).toBeNull();
    expect(page.highlights).toBeNull();
    expect(highlights).not.toHaveBeenCalled();
  });
});

describe('public profiles of clubs, agents and coaches', () => {
  it('shows only their highlights, whatever else is chosen', async () => {
    const highlights = vi.fn(() => Promise.resolve([]));
    const service = createPublicProfilesService(
      fakeOf<PublicProfilesRepository>({
        page: () =>
          Promise.resolve(row({ userType: 'club', sections: ['sport', 'career', 'highlights'] })),
        highlights,
      }),
      URL,
    );
    const page = await service.page('eve');
    expect(page.sections).toEqual(['highlights']);
    expect(page.sport).toBeNull();
    expect(page.career).toBeNull();
    expect(page.highlights).toEqual([]);
    expect(highlights).toHaveBeenCalledWith('p-1');
  });
});

describe('the head of /p/{username}', () => {
  it('has absolute URLs and noindex unless allowed', () => {
    const shown = {
      page: {
        username: 'eve',
        fullName: 'Eve',
        avatarUrl: '/files/avatars/a.webp',
        userType: 'player' as const,
        verified: false,
        sections: [],
        sport: null,
        career: null,
        awards: null,
        availability: null,
        highlights: null,
      },
      allowIndexing: false,
    };
    const head = publicProfileHead(shown, URL);
    expect(head.status).toBe(200);
    expect(head.head).toContain(`<meta property="og:image" content="${URL}/files/avatars/a.webp"`);
    expect(head.head).toContain(`<link rel="canonical" href="${URL}/p/eve"`);
    expect(head.head).toContain('content="Eve on Arena: Player."');
    expect(head.head).toContain('noindex');
    expect(publicProfileHead({ ...shown, allowIndexing: true }, URL).head).not.toContain('noindex');
    const missing = publicProfileHead(null, URL);
    expect(missing.status).toBe(404);
    expect(missing.head).toContain('noindex');
    expect(missing.head).not.toContain('og:');
  });
});
