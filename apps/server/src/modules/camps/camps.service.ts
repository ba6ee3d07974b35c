import {
  CAMP_MESSAGES,
  type Camp,
  type CampInput,
  type CampPage,
  type campsQuerySchema,
  todayIso,
  type updateCampSchema,
} from '@arena/shared/camp.schema';
import type { CampChange } from '@arena/shared/notification.schema';
import { LIMITS } from '@arena/shared/limits';
import type { z } from 'zod';

import type { Executor } from '../../db/database.ts';
import { unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursorWith } from '../../http/cursor.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import { removeWithVariants } from '../media/image-files.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import { publicUrl } from '../media/media.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { CampRegistrationsRepository } from './camp-registrations.repository.ts';
import { campCursorSchema, encodeCampCursor, toCamp } from './camp-view.ts';
import type { CampFilter, CampImage, CampsRepository } from './camps.repository.ts';

export type CampsService = ReturnType<typeof createCampsService>;

const m = CAMP_MESSAGES;
export const campGone = () => new AppError('not_found', m.notFound);
const refuse = (message: string, field?: string) =>
  new AppError('bad_request', message, field ? { [field]: message } : undefined);

/** The last day of a `YYYY-MM` month. */
function lastDayOf(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
}

/** What a change to these fields tells the registered members: the days or the place moved. */
const WHERE_AND_WHEN = ['startsOn', 'endsOn', 'online', 'venue', 'city', 'country'] as const;

type Notifier = Pick<NotificationsService, 'record' | 'announce'>;

/**
 * Camps: posting (verified organisations and admins), editing, cancelling and deleting them,
 * and the lists. Registrations are camp-registrations.service.ts's.
 */
export function createCampsService(deps: {
  camps: CampsRepository;
  registrations: CampRegistrationsRepository;
  media: MediaRepository;
  storage: FileStorage;
  admin: AdminGate;
  notifications?: Notifier | undefined;
}) {
  const { camps, registrations, media, storage, admin, notifications } = deps;

  /** Verified agents, clubs and coaches post camps, and admins; the same rule as offers. */
  async function requirePoster(auth: AuthContext) {
    if (await admin.isAdmin(auth.userId)) return;
    const state = await camps.posterState(auth.profileId);
    if (!state || state.userType === 'player') throw new AppError('forbidden', m.accessDenied);
    if (!state.verified) throw new AppError('forbidden', m.verificationRequired);
  }

  async function view(id: string, viewer: AuthContext | null): Promise<Camp> {
    const row = await camps.findView(id, viewer?.profileId ?? null, todayIso());
    if (!row) throw campGone();
    const isAdmin = viewer ? await admin.isAdmin(viewer.userId) : false;
    const mine = row.poster.id === viewer?.profileId;
    // A paused camp is for its organiser, admins and the members registered at it.
    if (row.paused && !mine && !isAdmin && !row.myStatus) throw campGone();
    return toCamp(row, mine || isAdmin);
  }

  /**
   * The camp's organiser or an admin; anyone else hears that it is not theirs, and a member
   * across a block that it does not exist. Returns whether the caller is an admin.
   */
  async function requireManager(auth: AuthContext, id: string) {
    const row = await camps.findView(id, auth.profileId, todayIso());
    if (!row) throw campGone();
    const isAdmin = await admin.isAdmin(auth.userId);
    if (row.poster.id !== auth.profileId && !isAdmin) throw new AppError('forbidden', m.notYours);
  }

  /** Claims the caller's uploaded photo (a post's upload), in `tx`. */
  async function claimImage(tx: Executor, uploadId: string, userId: string): Promise<CampImage> {
    const file = await media.claim(tx, uploadId, userId, 'post-media');
    if (!file) throw refuse(m.imageMissing, 'imageUploadId');
    if (!file.contentType.startsWith('image/')) throw refuse(m.imageNotPhoto, 'imageUploadId');
    return {
      imageUrl: publicUrl('post-media', file.path),
      imagePath: file.path,
      imageWidth: file.width,
      imageHeight: file.height,
      imageVariantWidths: file.variantWidths,
    };
  }

  /** Tells each member registered at the camp, in `tx`; returns whom to announce to. */
  async function tellMembers(
    tx: Executor,
    campId: string,
    change: CampChange,
    title: string,
    memberIds?: string[],
  ) {
    if (!notifications) return [];
    const told: (string | null)[] = [];
    for (const recipientId of memberIds ?? (await registrations.activeMemberIds(tx, campId))) {
      told.push(
        await notifications.record(tx, {
          recipientId,
          kind: 'camp_update',
          subjectId: campId,
          actorId: null,
          detail: change,
          subjectTitle: title,
        }),
      );
    }
    return told;
  }

  /** Moves up to `places` members from the waiting list to booked places, in `tx`. */
  async function promote(tx: Executor, campId: string, places: number, title: string) {
    const moved = await registrations.firstWaitlisted(tx, campId, places);
    for (const row of moved) await registrations.setStatus(tx, row.id, 'booked');
    if (moved.length > 0) await registrations.addBooked(tx, campId, moved.length);
    return tellMembers(
      tx,
      campId,
      'promoted',
      title,
      moved.map((row) => row.memberId),
    );
  }

  async function removeImageFiles(image: CampImage | null | undefined) {
    if (image?.imagePath) {
      await removeWithVariants(storage, 'post-media', image.imagePath, image.imageVariantWidths);
    }
  }

  return {
    view,
    requireManager,
    promote,

    async list(
      viewer: AuthContext | null,
      query: z.output<typeof campsQuerySchema>,
    ): Promise<CampPage> {
      const limit = LIMITS.feedPosts;
      const filter: CampFilter = {
        tab: query.tab,
        sport: query.sport,
        country: query.country,
        month: query.month
          ? { first: `${query.month}-01`, last: lastDayOf(query.month) }
          : undefined,
        age: query.age,
        priceMaxMinor:
          query.price === undefined
            ? undefined
            : query.price === 'free'
              ? 0
              : Number(query.price) * 100,
      };
      const after = decodeCursorWith(query.cursor, campCursorSchema);
      const [rows, isAdmin] = await Promise.all([
        camps.list(viewer?.profileId ?? null, filter, after, limit, todayIso()),
        viewer ? admin.isAdmin(viewer.userId) : false,
      ]);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map((row) => toCamp(row, isAdmin || row.poster.id === viewer?.profileId)),
        nextCursor:
          rows.length > limit && last
            ? encodeCampCursor(query.tab === 'past' ? last.endsOn : last.startsOn, last.id)
            : null,
      };
    },

    async create(auth: AuthContext, input: CampInput): Promise<Camp> {
      await requirePoster(auth);
      const { imageUploadId } = input;
      const id = await camps.transaction(async (tx) => {
        const image = imageUploadId ? await claimImage(tx, imageUploadId, auth.userId) : null;
        return camps.insert(tx, auth.profileId, input, image);
      });
      return view(id, auth);
    },

    /**
     * Every field again, until the camp starts. The members registered hear of new days or a
     * new place; a larger capacity moves the waiting list up.
     */
    async update(
      auth: AuthContext,
      id: string,
      input: z.output<typeof updateCampSchema>,
    ): Promise<Camp> {
      await requireManager(auth, id);
      const today = todayIso();
      const { told, oldImage } = await unlessGone(
        () =>
          camps.transaction(async (tx) => {
            const before = await camps.findPoster(id, today, tx);
            if (!before) throw campGone();
            if (before.cancelledAt) throw refuse(m.closedCancelled);
            if (before.startsOn <= today) throw refuse(m.closedStarted);
            if (input.capacity < before.bookedCount)
              throw refuse(m.capacityBelowBooked, 'capacity');
            const replaced = input.imageUploadId !== null || input.removeImage;
            const image = input.imageUploadId
              ? await claimImage(tx, input.imageUploadId, auth.userId)
              : input.removeImage
                ? null
                : before;
            if (replaced && before.imagePath) {
              await media.removeByPath(tx, 'post-media', before.imagePath);
            }
            await camps.update(tx, id, input, {
              imageUrl: image?.imageUrl ?? null,
              imagePath: image?.imagePath ?? null,
              imageWidth: image?.imageWidth ?? null,
              imageHeight: image?.imageHeight ?? null,
              imageVariantWidths: image?.imageVariantWidths ?? null,
            });
            const after = {
              ...input,
              venue: input.online ? null : input.venue,
              city: input.online ? null : input.city,
              country: input.online ? null : input.country,
            };
            const moved = WHERE_AND_WHEN.some((field) => before[field] !== after[field]);
            const notified = moved ? await tellMembers(tx, id, 'changed', input.title) : [];
            notified.push(
              ...(await promote(tx, id, input.capacity - before.bookedCount, input.title)),
            );
            return { told: notified, oldImage: replaced ? before : null };
          }),
        campGone,
      );
      await notifications?.announce(told);
      await removeImageFiles(oldImage);
      return view(id, auth);
    },

    /** Cancelled before it starts: it takes no registrations, and every member registered is told. */
    async cancel(auth: AuthContext, id: string): Promise<Camp> {
      await requireManager(auth, id);
      const today = todayIso();
      const told = await camps.transaction(async (tx) => {
        const camp = await camps.findPoster(id, today, tx);
        if (!camp) throw campGone();
        // Cancelled already: nothing changes, and no one is told twice.
        if (camp.cancelledAt) return [];
        if (camp.startsOn <= today) throw refuse(m.closedStarted);
        await camps.cancel(tx, id);
        return tellMembers(tx, id, 'cancelled', camp.title);
      });
      await notifications?.announce(told);
      return view(id, auth);
    },

    /**
     * Deletes the camp with its registrations and its image. A camp still to come that was not
     * cancelled first is, to its members, cancelled.
     */
    async delete(auth: AuthContext, id: string): Promise<void> {
      await requireManager(auth, id);
      const today = todayIso();
      const { told, image } = await camps.transaction(async (tx) => {
        const camp = await camps.findPoster(id, today, tx);
        if (!camp) throw campGone();
        const notified =
          !camp.cancelledAt && camp.endsOn >= today
            ? await tellMembers(tx, id, 'cancelled', camp.title)
            : [];
        if (camp.imagePath) await media.removeByPath(tx, 'post-media', camp.imagePath);
        await camps.delete(tx, id);
        return { told: notified, image: camp };
      });
      await notifications?.announce(told);
      await removeImageFiles(image);
    },
  };
}
