import type { z } from 'zod';

import { PIPELINE_MESSAGES } from '@arena/shared/application.schema';
import type { Sport } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type { createOfferSchema, MyOffers, Offer, OfferPage } from '@arena/shared/offer.schema';

import type { Executor } from '../../db/database.ts';
import { unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { OffersRepository } from './offers.repository.ts';

export type OffersService = ReturnType<typeof createOffersService>;

type OfferRow = NonNullable<Awaited<ReturnType<OffersRepository['findView']>>>;
const toOffer = (row: OfferRow): Offer => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  deadline: row.deadline?.toISOString() ?? null,
});

/** The fields whose change the applicants hear about. */
const MATERIAL = ['location', 'contractType', 'salary'] as const;

const offerGone = () => new AppError('not_found', MESSAGES.offer.notFound);

export function createOffersService(deps: {
  offers: OffersRepository;
  media: MediaRepository;
  storage: FileStorage;
  admin: AdminGate;
  notifications?: Pick<NotificationsService, 'record' | 'announce'>;
}) {
  const { offers, media, storage, admin, notifications } = deps;

  /**
   * Only verified agents, clubs and coaches post offers and review applications, and admins
   * (spec section 6). The refusal names what was asked: posting or reviewing.
   */
  async function requirePoster(auth: AuthContext, asked: 'post' | 'review' | 'own' = 'post') {
    if (await admin.isAdmin(auth.userId)) return;
    const state = await offers.posterState(auth.profileId);
    const o = MESSAGES.offer;
    if (!state || state.userType === 'player')
      throw new AppError('forbidden', asked === 'review' ? o.reviewAccessDenied : o.accessDenied);
    if (!state.verified && asked !== 'own') {
      throw new AppError(
        'forbidden',
        asked === 'post' ? o.verificationRequired : o.reviewVerificationRequired,
      );
    }
  }

  /** The offer's poster, or an admin. */
  async function requireOwner(auth: AuthContext, id: string) {
    const offer = await offers.findPoster(id);
    // A scholarship is changed through its own routes (decision 0047).
    if (!offer || offer.kind !== 'offer') throw offerGone();
    if (offer.postedBy !== auth.profileId && !(await admin.isAdmin(auth.userId)))
      throw new AppError('forbidden', PIPELINE_MESSAGES.editOthers);
    return offer;
  }

  /** Tells each athlete whose application is open, in `tx`; returns whom to announce to. */
  async function tellApplicants(
    tx: Executor,
    offerId: string,
    change: 'changed' | 'withdrawn',
    title: string,
  ) {
    if (!notifications) return [];
    const told: (string | null)[] = [];
    for (const recipientId of await offers.openApplicantIds(tx, offerId)) {
      told.push(
        await notifications.record(tx, {
          recipientId,
          kind: 'offer_update',
          subjectId: offerId,
          actorId: null,
          detail: change,
          subjectTitle: title,
        }),
      );
    }
    return told;
  }

  async function view(id: string, viewer: AuthContext | null): Promise<Offer> {
    const row = await offers.findView(id, viewer?.profileId ?? null);
    // A paused offer is its poster's to see; to anyone else it is gone for now.
    if (!row || (row.paused && row.poster.id !== viewer?.profileId)) throw offerGone();
    return toOffer(row);
  }

  return {
    view,
    requirePoster,

    async list(
      viewer: AuthContext | null,
      filter: { sport: Sport | undefined; closed: boolean },
      cursor: string | undefined,
    ): Promise<OfferPage> {
      const limit = LIMITS.feedPosts;
      const rows = await offers.list(
        viewer?.profileId ?? null,
        filter,
        decodeCursor(cursor),
        limit,
      );
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return { items: page.items.map(toOffer), nextCursor: page.nextCursor };
    },

    async create(auth: AuthContext, input: z.output<typeof createOfferSchema>): Promise<Offer> {
      await requirePoster(auth);
      return view(await offers.insert(auth.profileId, input), auth);
    },

    /** The poster's own offers with the stats column's totals. */
    async mine(auth: AuthContext): Promise<MyOffers> {
      // An organisation whose verification was removed still sees its offers, paused.
      await requirePoster(auth, 'own');
      const rows = (await offers.listByPoster(auth.profileId)).map(toOffer);
      return {
        totalOffers: rows.length,
        totalApplications: rows.reduce((sum, offer) => sum + offer.applicationCount, 0),
        offers: rows,
      };
    },

    /**
     * Every field again. The athletes whose applications are open hear of a change to the
     * location, the contract or the salary (one notice for a few edits in a row).
     */
    async update(
      auth: AuthContext,
      id: string,
      input: z.output<typeof createOfferSchema>,
    ): Promise<Offer> {
      await requireOwner(auth, id);
      const told = await unlessGone(
        () =>
          offers.transaction(async (tx) => {
            const before = await offers.findPoster(id, tx);
            if (!before || !(await offers.update(tx, id, input))) throw offerGone();
            const material = MATERIAL.some((field) => before[field] !== input[field]);
            return material ? tellApplicants(tx, id, 'changed', input.title) : [];
          }),
        offerGone,
      );
      await notifications?.announce(told);
      return view(id, auth);
    },

    /** Closed: no new applications; the open ones can still be decided. */
    async close(auth: AuthContext, id: string): Promise<Offer> {
      await requireOwner(auth, id);
      await offers.setClosed(id, true);
      return view(id, auth);
    },

    /** Open again, unless its deadline has passed (move the deadline first). */
    async reopen(auth: AuthContext, id: string): Promise<Offer> {
      const offer = await requireOwner(auth, id);
      if (offer.deadline && offer.deadline.getTime() <= Date.now())
        throw new AppError('conflict', PIPELINE_MESSAGES.reopenPastDeadline);
      await offers.setClosed(id, false);
      return view(id, auth);
    },

    /**
     * Posters delete their own offers; the applications and their CVs go too, and the athletes
     * whose applications were open hear that it was withdrawn.
     */
    async delete(auth: AuthContext, id: string): Promise<void> {
      const offer = await offers.findPoster(id);
      // A scholarship is changed through its own routes (decision 0047).
      if (!offer || offer.kind !== 'offer') throw offerGone();
      if (offer.postedBy !== auth.profileId)
        throw new AppError('forbidden', MESSAGES.offer.deleteOthers);
      const { cvPaths, told } = await offers.transaction(async (tx) => {
        const notified = await tellApplicants(tx, id, 'withdrawn', offer.title);
        const paths = await offers.delete(tx, id);
        for (const path of paths) await media.removeByPath(tx, 'offer-applications', path);
        return { cvPaths: paths, told: notified };
      });
      await notifications?.announce(told);
      for (const path of cvPaths) await storage.remove('offer-applications', path);
    },
  };
}
