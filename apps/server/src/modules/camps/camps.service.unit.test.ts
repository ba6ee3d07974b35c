import { describe, expect, it, vi } from 'vitest';

import { CAMP_MESSAGES as M, updateCampSchema } from '@arena/shared/camp.schema';
import { variantPath } from '@arena/shared/image-variants';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { fakeOf, fakeTransaction, TX } from '../../../test/unit/fake-of.ts';
import { memoryStorage } from '../../../test/unit/memory-storage.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { CampRegistrationsRepository } from './camp-registrations.repository.ts';
import type { CampsRepository } from './camps.repository.ts';
import { createCampsService } from './camps.service.ts';

/** A claimed upload's video columns, for a photo or a video stored as uploaded. */
const NOT_A_VIDEO = { videoStatus: null, durationMs: null, posterPath: null, smallPath: null };

const CAMP = '0b6f3c1e-2f43-4a47-9d2b-5e0a9b7c1d01';
const UPLOAD = '5d4c3b2a-0000-4000-8000-00000000000a';
const ORGANISER: AuthContext = {
  userId: 'a1b2c3d4-0000-4000-8000-000000000001',
  profileId: 'a1b2c3d4-0000-4000-8000-000000000002',
} as AuthContext;
const MEMBERS = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'];

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The form as the organiser sends it again, with `patch`. */
const form = (patch: object = {}) =>
  updateCampSchema.parse({
    title: 'Summer camp',
    sport: 'football',
    organizer: 'FC Arena',
    description: 'Drills',
    venue: 'Pitch 1',
    city: 'Porto',
    country: 'Portugal',
    startsOn: day(30),
    endsOn: day(32),
    level: 'beginner',
    capacity: 10,
    contact: 'camps@arena.test',
    ...patch,
  });

function setUp(
  stored: {
    bookedCount?: number;
    imagePath?: string | null;
    started?: boolean;
    waitlisted?: boolean;
  } = {},
) {
  const before = {
    postedBy: ORGANISER.profileId,
    title: 'Summer camp',
    startsOn: stored.started ? day(0) : day(30),
    endsOn: day(32),
    online: false,
    venue: 'Pitch 1',
    city: 'Porto',
    country: 'Portugal',
    capacity: 10,
    bookedCount: stored.bookedCount ?? 0,
    cancelledAt: null,
    imageUrl: stored.imagePath ? `/files/post-media/${stored.imagePath}` : null,
    imagePath: stored.imagePath ?? null,
    imageWidth: null,
    imageHeight: null,
    imageVariantWidths: stored.imagePath ? [320] : null,
  };
  const camps = fakeOf<CampsRepository>({
    transaction: fakeTransaction(),
    findView: vi.fn(() =>
      Promise.resolve({
        ...before,
        id: CAMP,
        sport: 'football',
        organizer: 'FC Arena',
        description: 'Drills',
        ageMin: null,
        ageMax: null,
        level: 'beginner',
        priceMinor: 0,
        currency: null,
        waitlistCount: 0,
        registrationDeadline: null,
        whatToBring: null,
        contact: 'camps@arena.test',
        poster: { id: ORGANISER.profileId },
        createdAt: new Date(),
        paused: false,
        closedReason: null,
        myStatus: null,
        waitlistPosition: null,
      } as never),
    ),
    findPoster: vi.fn(() => Promise.resolve(before as never)),
    update: vi.fn(() => Promise.resolve()),
  });
  const registrations = fakeOf<CampRegistrationsRepository>({
    activeMemberIds: vi.fn(() => Promise.resolve(MEMBERS)),
    firstWaitlisted: vi.fn((_tx, _camp, count: number) =>
      Promise.resolve(count > 0 && stored.waitlisted ? [{ id: 'row-1', memberId: 'waiting' }] : []),
    ),
    setStatus: vi.fn(() => Promise.resolve()),
    addBooked: vi.fn(() => Promise.resolve()),
  });
  const media = fakeOf<MediaRepository>({
    claim: vi.fn(() =>
      Promise.resolve({
        path: 'u/new.webp',
        contentType: 'image/webp',
        width: 64,
        height: 48,
        variantWidths: [],
        ...NOT_A_VIDEO,
      }),
    ),
    removeByPath: vi.fn(() => Promise.resolve(null)),
  });
  const storage = memoryStorage();
  const notifications = {
    record: vi.fn((_tx, event: { recipientId: string }) => Promise.resolve(event.recipientId)),
    announce: vi.fn(() => Promise.resolve()),
  };
  const admin = fakeOf<AdminGate>({ isAdmin: vi.fn(() => Promise.resolve(false)) });
  const service = createCampsService({
    camps,
    registrations,
    media,
    storage,
    admin,
    notifications,
  });
  return { service, camps, registrations, media, storage, notifications };
}

describe('editing a camp', () => {
  it('keeps the capacity at or above the booked places, by field', async () => {
    const { service, camps } = setUp({ bookedCount: 4 });
    await expectRefusal(
      service.update(ORGANISER, CAMP, form({ capacity: 3 })),
      'bad_request',
      M.capacityBelowBooked,
      { capacity: M.capacityBelowBooked },
    );
    expect(camps.update).not.toHaveBeenCalled();
  });

  it('refuses a camp that has started', async () => {
    const { service, camps } = setUp({ started: true });
    await expectRefusal(service.update(ORGANISER, CAMP, form()), 'bad_request', M.closedStarted);
    expect(camps.update).not.toHaveBeenCalled();
  });

  it('tells the members of new days, not of a new title', async () => {
    const renamed = setUp();
    await renamed.service.update(ORGANISER, CAMP, form({ title: 'New name' }));
    expect(renamed.notifications.record).not.toHaveBeenCalled();

    const moved = setUp();
    await moved.service.update(ORGANISER, CAMP, form({ endsOn: day(33) }));
    for (const recipientId of MEMBERS) {
      expect(moved.notifications.record).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ recipientId, kind: 'camp_update', detail: 'changed' }),
      );
    }
    expect(moved.notifications.record).toHaveBeenCalledTimes(MEMBERS.length);
  });

  it('moves the waiting list up into the places a larger capacity opens', async () => {
    const { service, registrations, notifications } = setUp({ bookedCount: 10, waitlisted: true });
    await service.update(ORGANISER, CAMP, form({ capacity: 11 }));
    expect(registrations.firstWaitlisted).toHaveBeenCalledWith(TX, CAMP, 1);
    expect(registrations.setStatus).toHaveBeenCalledWith(TX, 'row-1', 'booked');
    expect(registrations.addBooked).toHaveBeenCalledWith(TX, CAMP, 1);
    expect(notifications.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ recipientId: 'waiting', detail: 'promoted' }),
    );
  });

  it('keeps the photo unless a new one comes, then removes the old file', async () => {
    const kept = setUp({ imagePath: 'u/old.webp' });
    await kept.service.update(ORGANISER, CAMP, form());
    expect(kept.camps.update).toHaveBeenCalledWith(
      TX,
      CAMP,
      expect.anything(),
      expect.objectContaining({ imagePath: 'u/old.webp' }),
    );
    expect(kept.media.removeByPath).not.toHaveBeenCalled();

    const replaced = setUp({ imagePath: 'u/old.webp' });
    await replaced.storage.put('post-media', 'u/old.webp', Buffer.from('old'));
    await replaced.storage.put('post-media', variantPath('u/old.webp', 320), Buffer.from('old'));
    await replaced.service.update(ORGANISER, CAMP, form({ imageUploadId: UPLOAD }));
    expect(replaced.camps.update).toHaveBeenCalledWith(
      TX,
      CAMP,
      expect.anything(),
      expect.objectContaining({ imagePath: 'u/new.webp', imageWidth: 64 }),
    );
    expect(replaced.media.removeByPath).toHaveBeenCalledWith(TX, 'post-media', 'u/old.webp');
    expect([...replaced.storage.objects.keys()]).toEqual([]);
  });

  it('refuses a video as the camp’s photo', async () => {
    const { service, media, camps } = setUp();
    vi.mocked(media.claim).mockResolvedValueOnce({
      path: 'u/clip.mp4',
      contentType: 'video/mp4',
      ...NOT_A_VIDEO,
      width: null,
      height: null,
      variantWidths: null,
    });
    await expectRefusal(
      service.update(ORGANISER, CAMP, form({ imageUploadId: UPLOAD })),
      'bad_request',
      M.imageNotPhoto,
      { imageUploadId: M.imageNotPhoto },
    );
    expect(camps.update).not.toHaveBeenCalled();
  });
});
