import { describe, expect, it, vi } from 'vitest';

import { CAMP_MESSAGES as M, type CampClosedReason } from '@arena/shared/camp.schema';
import type { CampRegistrationStatus } from '@arena/shared/constants';

import { expectRefusal } from '../../../test/unit/app-errors.ts';
import { fakeOf, fakeTransaction, TX } from '../../../test/unit/fake-of.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { CampRegistrationsRepository } from './camp-registrations.repository.ts';
import { createCampRegistrationsService } from './camp-registrations.service.ts';
import type { CampsRepository } from './camps.repository.ts';

const CAMP = '0b6f3c1e-2f43-4a47-9d2b-5e0a9b7c1d01';
const ORGANISER = '6c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
const MEMBER: AuthContext = {
  userId: 'a1b2c3d4-0000-4000-8000-000000000001',
  profileId: 'a1b2c3d4-0000-4000-8000-000000000002',
} as AuthContext;
const ROW = 'f0e1d2c3-0000-4000-8000-000000000003';

interface Setup {
  existing?: CampRegistrationStatus;
  booked?: number;
  capacity?: number;
  closedReason?: CampClosedReason | null;
  cancelled?: boolean;
  startsOn?: string;
}

function setUp({
  existing,
  booked = 0,
  capacity = 2,
  closedReason = null,
  cancelled = false,
  startsOn = '2999-01-01',
}: Setup = {}) {
  const camps = fakeOf<CampsRepository>({
    findView: vi.fn(() => Promise.resolve({ poster: { id: ORGANISER } } as never)),
    findPoster: vi.fn(() =>
      Promise.resolve({
        postedBy: ORGANISER,
        title: 'Summer camp',
        startsOn,
        capacity,
        bookedCount: booked,
        closedReason,
        cancelledAt: cancelled ? new Date() : null,
      } as never),
    ),
  });
  const registrations = fakeOf<CampRegistrationsRepository>({
    transaction: fakeTransaction(),
    find: vi.fn(() => Promise.resolve(existing ? { id: ROW, status: existing } : undefined)),
    insert: vi.fn(() => Promise.resolve()),
    setStatus: vi.fn(() => Promise.resolve()),
    addBooked: vi.fn(() => Promise.resolve()),
  });
  const campsService = {
    view: vi.fn(() => Promise.resolve({ id: CAMP } as never)),
    requireManager: vi.fn(() => Promise.resolve()),
    promote: vi.fn(() => Promise.resolve(['promoted-member'])),
  };
  const notifications = {
    record: vi.fn(() => Promise.resolve(ORGANISER)),
    announce: vi.fn(() => Promise.resolve()),
  };
  const guardians = { campRegistered: vi.fn(() => Promise.resolve()) };
  const service = createCampRegistrationsService({
    camps,
    campsService,
    registrations,
    notifications,
    guardians,
  });
  return { service, registrations, campsService, notifications, guardians };
}

describe('registering for a camp', () => {
  it('books a place while one is left, tells the organiser and a guardian', async () => {
    const { service, registrations, notifications, guardians } = setUp({ booked: 1 });
    await service.register(MEMBER, CAMP, 'booked');
    expect(registrations.insert).toHaveBeenCalledWith(TX, CAMP, MEMBER.profileId, 'booked');
    expect(registrations.addBooked).toHaveBeenCalledWith(TX, CAMP, 1);
    expect(guardians.campRegistered).toHaveBeenCalledWith(TX, {
      campId: CAMP,
      memberId: MEMBER.profileId,
      status: 'booked',
    });
    expect(notifications.record).toHaveBeenCalledWith(TX, {
      recipientId: ORGANISER,
      kind: 'camp_registration',
      subjectId: CAMP,
      actorId: MEMBER.profileId,
    });
    expect(notifications.announce).toHaveBeenCalledWith([ORGANISER]);
  });

  it('puts the member on the waiting list once every place is booked', async () => {
    const { service, registrations } = setUp({ booked: 2, capacity: 2 });
    await service.register(MEMBER, CAMP, 'booked');
    expect(registrations.insert).toHaveBeenCalledWith(TX, CAMP, MEMBER.profileId, 'waitlisted');
    expect(registrations.addBooked).not.toHaveBeenCalled();
  });

  it('turns interest into a place on the same row, keeping when it was made', async () => {
    const { service, registrations } = setUp({ existing: 'interested' });
    await service.register(MEMBER, CAMP, 'booked');
    expect(registrations.setStatus).toHaveBeenCalledWith(TX, ROW, 'booked', false);
    expect(registrations.insert).not.toHaveBeenCalled();
  });

  it('makes a cancelled registration new again on the same row', async () => {
    const { service, registrations } = setUp({ existing: 'cancelled' });
    await service.register(MEMBER, CAMP, 'interested');
    expect(registrations.setStatus).toHaveBeenCalledWith(TX, ROW, 'interested', true);
  });

  it.each([
    ['interested', 'interested'],
    ['booked', 'booked'],
    ['booked', 'interested'],
    ['waitlisted', 'booked'],
  ] as const)('refuses a member %s who asks again for %s', async (existing, kind) => {
    const { service, registrations } = setUp({ existing });
    await expectRefusal(service.register(MEMBER, CAMP, kind), 'conflict', M.alreadyRegistered);
    expect(registrations.setStatus).not.toHaveBeenCalled();
  });

  it.each([
    ['cancelled', M.closedCancelled],
    ['started', M.closedStarted],
    ['deadline', M.closedDeadline],
    ['paused', M.closedPaused],
  ] as const)('refuses a camp closed as %s with its sentence', async (closedReason, message) => {
    const { service, registrations } = setUp({ closedReason });
    await expectRefusal(service.register(MEMBER, CAMP, 'interested'), 'bad_request', message);
    expect(registrations.insert).not.toHaveBeenCalled();
  });

  it('refuses the organiser', async () => {
    const { service } = setUp();
    const organiser = { ...MEMBER, profileId: ORGANISER };
    await expectRefusal(service.register(organiser, CAMP, 'booked'), 'bad_request', M.ownCamp);
  });
});

describe('cancelling a registration', () => {
  it('frees a booked place for the first on the waiting list, and tells the organiser', async () => {
    const { service, registrations, campsService, notifications } = setUp({ existing: 'booked' });
    await service.cancel(MEMBER, CAMP);
    expect(registrations.setStatus).toHaveBeenCalledWith(TX, ROW, 'cancelled');
    expect(registrations.addBooked).toHaveBeenCalledWith(TX, CAMP, -1);
    expect(campsService.promote).toHaveBeenCalledWith(TX, CAMP, 1, 'Summer camp');
    expect(notifications.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ kind: 'camp_cancellation', recipientId: ORGANISER }),
    );
    expect(notifications.announce).toHaveBeenCalledWith(['promoted-member', ORGANISER]);
  });

  it('moves nobody up for a place at a cancelled camp, or a place that was not booked', async () => {
    for (const setup of [{ existing: 'booked', cancelled: true }, { existing: 'waitlisted' }]) {
      const { service, campsService } = setUp(setup as Setup);
      await service.cancel(MEMBER, CAMP);
      expect(campsService.promote).not.toHaveBeenCalled();
    }
  });

  it('refuses once the camp started, and when there is nothing to cancel', async () => {
    const started = setUp({ existing: 'booked', startsOn: '2000-01-01' });
    await expectRefusal(started.service.cancel(MEMBER, CAMP), 'bad_request', M.closedStarted);
    expect(started.registrations.setStatus).not.toHaveBeenCalled();
    for (const existing of [undefined, 'cancelled'] as const) {
      const { service } = setUp({ existing });
      await expectRefusal(service.cancel(MEMBER, CAMP), 'bad_request', M.notRegistered);
    }
  });
});
