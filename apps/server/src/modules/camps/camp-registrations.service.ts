import type { z } from 'zod';

import {
  CAMP_MESSAGES,
  type Camp,
  type CampClosedReason,
  type campRegistrationsQuerySchema,
  type CampRegistration,
  todayIso,
} from '@arena/shared/camp.schema';
import { LIMITS } from '@arena/shared/limits';

import type { Executor } from '../../db/database.ts';
import { uniqueViolation, unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { GuardianNotices } from '../guardians/guardians.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { CampRegistrationsRepository } from './camp-registrations.repository.ts';
import type { CampsRepository } from './camps.repository.ts';
import { campGone, type CampsService } from './camps.service.ts';

export type CampRegistrationsService = ReturnType<typeof createCampRegistrationsService>;

const m = CAMP_MESSAGES;

const CLOSED: Record<CampClosedReason, string> = {
  cancelled: m.closedCancelled,
  started: m.closedStarted,
  deadline: m.closedDeadline,
  paused: m.closedPaused,
};

/**
 * A member's interest in or place at a camp. Every change takes the camp's row lock first, so
 * two members cannot take the last place, and the count of booked places moves with the rows.
 */
export function createCampRegistrationsService(deps: {
  camps: CampsRepository;
  campsService: Pick<CampsService, 'view' | 'requireManager' | 'promote'>;
  registrations: CampRegistrationsRepository;
  notifications?: Pick<NotificationsService, 'record' | 'announce'> | undefined;
  guardians?: Pick<GuardianNotices, 'campRegistered'> | undefined;
}) {
  const { camps, campsService, registrations, notifications } = deps;

  /** The camp as its page shows it to `auth`: missing, or across a block, is a 404. */
  async function visible(auth: AuthContext, campId: string) {
    const row = await camps.findView(campId, auth.profileId, todayIso());
    if (!row) throw campGone();
    return row;
  }

  return {
    /**
     * Interest, or a place (the waiting list once every place is booked). Interest can become
     * a place; a registration cancelled before can be made again.
     */
    async register(
      auth: AuthContext,
      campId: string,
      kind: 'interested' | 'booked',
    ): Promise<Camp> {
      const camp = await visible(auth, campId);
      if (camp.poster.id === auth.profileId) throw new AppError('bad_request', m.ownCamp);
      const today = todayIso();
      try {
        const told = await unlessGone(
          () =>
            registrations.transaction(async (tx) => {
              // Locked: the last place goes to one member only, and a cancellation or a close
              // decides before or after.
              const locked = await camps.findPoster(campId, today, tx);
              if (!locked) throw campGone();
              if (locked.closedReason)
                throw new AppError('bad_request', CLOSED[locked.closedReason]);
              const existing = await registrations.find(tx, campId, auth.profileId);
              const upgrade = existing?.status === 'interested' && kind === 'booked';
              if (existing && existing.status !== 'cancelled' && !upgrade)
                throw new AppError('conflict', m.alreadyRegistered);
              const status =
                kind === 'interested'
                  ? 'interested'
                  : locked.bookedCount < locked.capacity
                    ? 'booked'
                    : 'waitlisted';
              if (existing) {
                await registrations.setStatus(tx, existing.id, status, !upgrade);
              } else {
                await registrations.insert(tx, campId, auth.profileId, status);
              }
              if (status === 'booked') await registrations.addBooked(tx, campId, 1);
              // An athlete under 18: their confirmed guardian hears of it.
              await deps.guardians?.campRegistered(tx, {
                campId,
                memberId: auth.profileId,
                status,
              });
              // The organiser hears of it with the registration, never without it.
              return notifications?.record(tx, {
                recipientId: locked.postedBy,
                kind: 'camp_registration',
                subjectId: campId,
                actorId: auth.profileId,
              });
            }),
          campGone,
        );
        await notifications?.announce([told]);
      } catch (error) {
        if (uniqueViolation(error) === 'camp_registrations_camp_member_key')
          throw new AppError('conflict', m.alreadyRegistered);
        throw error;
      }
      return campsService.view(campId, auth);
    },

    /**
     * Cancelled before the camp starts. A booked place that frees goes to the first on the
     * waiting list, who is told; the organiser hears of the cancellation.
     */
    async cancel(auth: AuthContext, campId: string): Promise<Camp> {
      await visible(auth, campId);
      const today = todayIso();
      const told = await registrations.transaction(async (tx) => {
        const locked = await camps.findPoster(campId, today, tx);
        if (!locked) throw campGone();
        if (locked.startsOn <= today) throw new AppError('bad_request', m.closedStarted);
        const existing = await registrations.find(tx, campId, auth.profileId);
        if (!existing || existing.status === 'cancelled')
          throw new AppError('bad_request', m.notRegistered);
        await registrations.setStatus(tx, existing.id, 'cancelled');
        const notified: (string | null | undefined)[] = [];
        if (existing.status === 'booked') {
          await registrations.addBooked(tx, campId, -1);
          // A cancelled camp has no place to give.
          if (!locked.cancelledAt)
            notified.push(...(await campsService.promote(tx, campId, 1, locked.title)));
        }
        notified.push(
          await notifications?.record(tx, {
            recipientId: locked.postedBy,
            kind: 'camp_cancellation',
            subjectId: campId,
            actorId: auth.profileId,
          }),
        );
        return notified;
      });
      await notifications?.announce(told);
      return campsService.view(campId, auth);
    },

    /**
     * In the transaction that deletes an account: its booked places at camps still to come go
     * to the first on each waiting list, who are told. Returns what to do once it committed.
     */
    async releasePlaces(tx: Executor, userId: string) {
      const told: (string | null)[] = [];
      for (const place of await registrations.bookedAhead(tx, userId, todayIso())) {
        await registrations.setStatus(tx, place.id, 'cancelled');
        await registrations.addBooked(tx, place.campId, -1);
        told.push(...(await campsService.promote(tx, place.campId, 1, place.title)));
      }
      return async () => {
        await notifications?.announce(told);
      };
    },

    /** The camp's registrations, oldest first, for its organiser or an admin. */
    async list(
      auth: AuthContext,
      campId: string,
      query: z.output<typeof campRegistrationsQuerySchema>,
    ) {
      await campsService.requireManager(auth, campId);
      const limit = LIMITS.feedPosts;
      const rows = await registrations.list(
        campId,
        query.status,
        decodeCursor(query.cursor),
        limit,
      );
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return {
        items: page.items.map((row): CampRegistration => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}
