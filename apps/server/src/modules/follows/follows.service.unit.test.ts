import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { TX, fakeOf, fakeTransaction } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import type { FollowsRepository } from './follows.repository.ts';
import { createFollowsService } from './follows.service.ts';

type FollowRow = Awaited<ReturnType<FollowsRepository['listFollowers']>>[number];

const viewer: AuthContext = { userId: 'u-viewer', profileId: 'p-viewer', aal: 'aal1' };
const PROFILES: Record<string, string> = { viewer: 'p-viewer', ana: 'p-ana' };

function profilesRepo() {
  return fakeOf<ProfilesRepository>({
    findIdByUsername: vi.fn((username: string) =>
      Promise.resolve(
        PROFILES[username] ? { id: PROFILES[username], userId: `u-${username}` } : undefined,
      ),
    ),
  });
}

/** Follow ids are UUIDs: the cursor carries one. */
const followId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function row(n: number): FollowRow {
  return {
    id: `p-${n}`,
    username: `member${n}`,
    fullName: `Member ${n}`,
    bio: null,
    isFollowing: false,
    followId: followId(n),
    followedAt: new Date(Date.UTC(2026, 0, 10 - n)),
  } as unknown as FollowRow;
}

describe('follows service', () => {
  function notificationsFake() {
    return {
      record: vi.fn(() => Promise.resolve('p-ana')),
      withdraw: vi.fn(() => Promise.resolve('p-ana')),
      announce: vi.fn(() => Promise.resolve()),
    };
  }

  it('follows someone, notifies them in the same transaction, and answers with their follower count', async () => {
    const repo = fakeOf<FollowsRepository>({
      transaction: fakeTransaction(),
      follow: vi.fn(() => Promise.resolve(true)),
      followersCount: vi.fn(() => Promise.resolve(7)),
    });
    const notifications = notificationsFake();
    const service = createFollowsService(repo, profilesRepo(), notifications);
    await expect(service.setFollowing(viewer, 'ana', true)).resolves.toEqual({
      following: true,
      followersCount: 7,
    });
    expect(repo.follow).toHaveBeenCalledWith(TX, 'p-viewer', 'p-ana');
    expect(notifications.record).toHaveBeenCalledWith(TX, {
      recipientId: 'p-ana',
      kind: 'follow',
      subjectId: null,
      actorId: 'p-viewer',
    });
    expect(notifications.announce).toHaveBeenCalledWith(['p-ana']);
    expect(repo.followersCount).toHaveBeenCalledWith('p-ana');
  });

  it('does not notify again for a follow that already was', async () => {
    const repo = fakeOf<FollowsRepository>({
      transaction: fakeTransaction(),
      follow: vi.fn(() => Promise.resolve(false)),
      followersCount: vi.fn(() => Promise.resolve(7)),
    });
    const notifications = notificationsFake();
    await createFollowsService(repo, profilesRepo(), notifications).setFollowing(
      viewer,
      'ana',
      true,
    );
    expect(notifications.record).not.toHaveBeenCalled();
    expect(notifications.announce).not.toHaveBeenCalled();
  });

  it('unfollows with `following: false`, taking the unread follow notice back', async () => {
    const repo = fakeOf<FollowsRepository>({
      transaction: fakeTransaction(),
      unfollow: vi.fn(() => Promise.resolve(true)),
      followersCount: vi.fn(() => Promise.resolve(0)),
    });
    const notifications = notificationsFake();
    const service = createFollowsService(repo, profilesRepo(), notifications);
    await expect(service.setFollowing(viewer, 'ana', false)).resolves.toEqual({
      following: false,
      followersCount: 0,
    });
    expect(repo.unfollow).toHaveBeenCalledWith(TX, 'p-viewer', 'p-ana');
    expect(notifications.withdraw).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ kind: 'follow' }),
    );
  });

  it('refuses following oneself, and writes nothing', async () => {
    const repo = fakeOf<FollowsRepository>({ follow: vi.fn(), unfollow: vi.fn() });
    const service = createFollowsService(repo, profilesRepo());
    await expectRefusal(
      service.setFollowing(viewer, 'viewer', true),
      'bad_request',
      MESSAGES.profile.cannotFollowSelf,
    );
    await expectRefusal(
      service.setFollowing(viewer, 'viewer', false),
      'bad_request',
      MESSAGES.profile.cannotFollowSelf,
    );
    expect(repo.follow).not.toHaveBeenCalled();
    expect(repo.unfollow).not.toHaveBeenCalled();
  });

  it('refuses an unknown profile with a 404, for following and for both lists', async () => {
    const repo = fakeOf<FollowsRepository>({ follow: vi.fn(), listFollowers: vi.fn() });
    const service = createFollowsService(repo, profilesRepo());
    await expectRefusal(
      service.setFollowing(viewer, 'nobody', true),
      'not_found',
      MESSAGES.profileNotFound,
    );
    await expectRefusal(
      service.followers('nobody', null, undefined, 20),
      'not_found',
      MESSAGES.profileNotFound,
    );
    await expectRefusal(
      service.following('nobody', viewer, undefined, 20),
      'not_found',
      MESSAGES.profileNotFound,
    );
    expect(repo.follow).not.toHaveBeenCalled();
    expect(repo.listFollowers).not.toHaveBeenCalled();
  });

  it('lists followers a page at a time, with a cursor at the last follow when there are more', async () => {
    const repo = fakeOf<FollowsRepository>({
      listFollowers: vi.fn(() => Promise.resolve([row(1), row(2), row(3)])),
    });
    const service = createFollowsService(repo, profilesRepo());
    const page = await service.followers('ana', viewer, undefined, 2);
    expect(repo.listFollowers).toHaveBeenCalledWith('p-ana', 'p-viewer', null, 2);
    expect(page.items.map((item) => item.id)).toEqual(['p-1', 'p-2']);
    // The follow's own columns are the cursor's, not the card's.
    expect(page.items[0]).not.toHaveProperty('followId');
    expect(page.items[0]).not.toHaveProperty('followedAt');
    expect(decodeCursor(page.nextCursor ?? undefined)).toEqual({
      createdAt: row(2).followedAt,
      id: followId(2),
    });
  });

  it('lists who someone follows for a visitor, passing the cursor on; the last page has none', async () => {
    const repo = fakeOf<FollowsRepository>({
      listFollowing: vi.fn(() => Promise.resolve([row(4)])),
    });
    const service = createFollowsService(repo, profilesRepo());
    const cursor = encodeCursor({ createdAt: new Date('2026-01-05T00:00:00Z'), id: followId(3) });
    const page = await service.following('ana', null, cursor, 2);
    expect(repo.listFollowing).toHaveBeenCalledWith(
      'p-ana',
      null,
      { createdAt: new Date('2026-01-05T00:00:00Z'), id: followId(3) },
      2,
    );
    expect(page).toEqual({ items: [expect.objectContaining({ id: 'p-4' })], nextCursor: null });
  });

  it('refuses a cursor the server did not make, before reading any list', async () => {
    const repo = fakeOf<FollowsRepository>({ listFollowers: vi.fn() });
    const service = createFollowsService(repo, profilesRepo());
    await expectRefusal(
      service.followers('ana', null, 'not-a-cursor', 20),
      'bad_request',
      `${MESSAGES.invalidRequest} (cursor)`,
    );
    expect(repo.listFollowers).not.toHaveBeenCalled();
  });
});
