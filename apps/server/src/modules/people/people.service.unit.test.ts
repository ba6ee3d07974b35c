import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { fakeOf } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor } from '../../http/cursor.ts';
import type { PeopleRepository } from './people.repository.ts';
import { createPeopleService } from './people.service.ts';

type DiscoverRow = Awaited<ReturnType<PeopleRepository['discover']>>[number];

const viewer: AuthContext = { userId: 'u-viewer', profileId: 'p-viewer', aal: 'aal1' };

const profileId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function row(n: number): DiscoverRow {
  return {
    id: profileId(n),
    username: `member${n}`,
    bio: null,
    isFollowing: false,
    createdAt: new Date(Date.UTC(2026, 0, 10 - n)),
  } as unknown as DiscoverRow;
}

describe('people service', () => {
  it('discovers people for the viewer, a page at a time', async () => {
    const repo = fakeOf<PeopleRepository>({
      discover: vi.fn(() => Promise.resolve([row(1), row(2)])),
    });
    const page = await createPeopleService(repo).discover(viewer, 'ana', undefined, 1);
    expect(repo.discover).toHaveBeenCalledWith('p-viewer', 'ana', null, 1);
    expect(page.items).toEqual([
      { id: profileId(1), username: 'member1', bio: null, isFollowing: false },
    ]);
    expect(decodeCursor(page.nextCursor ?? undefined)).toEqual({
      createdAt: row(1).createdAt,
      id: profileId(1),
    });
  });

  it('treats an empty search text as none, and the last page has no cursor', async () => {
    const repo = fakeOf<PeopleRepository>({ discover: vi.fn(() => Promise.resolve([row(1)])) });
    const page = await createPeopleService(repo).discover(viewer, '', undefined, 5);
    expect(repo.discover).toHaveBeenCalledWith('p-viewer', undefined, null, 5);
    expect(page.nextCursor).toBeNull();
  });

  it('refuses a forged cursor before querying', async () => {
    const repo = fakeOf<PeopleRepository>({ discover: vi.fn() });
    await expectRefusal(
      createPeopleService(repo).discover(viewer, undefined, 'Zm9yZ2Vk', 5),
      'bad_request',
      `${MESSAGES.invalidRequest} (cursor)`,
    );
    expect(repo.discover).not.toHaveBeenCalled();
  });

  it('searches and suggests within the shared limits', async () => {
    const repo = fakeOf<PeopleRepository>({
      search: vi.fn(() => Promise.resolve([])),
      suggestions: vi.fn(() => Promise.resolve([])),
    });
    const service = createPeopleService(repo);
    await service.search(viewer, 'ana');
    await service.suggestions(viewer);
    expect(repo.search).toHaveBeenCalledWith('ana', LIMITS.searchResults, 'p-viewer');
    expect(repo.suggestions).toHaveBeenCalledWith('p-viewer', LIMITS.suggestions);
  });
});
