import type { z } from 'zod';

import type { Sport } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import type {
  Application,
  createApplicationSchema,
  createOfferSchema,
  MyOffers,
  Offer,
  OfferPage,
  SignedUrl,
} from '@arena/shared/offer.schema';

import { uniqueViolation, unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { Signer } from '../auth/signing-keys.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { OffersRepository } from './offers.repository.ts';

export type OffersService = ReturnType<typeof createOffersService>;

type OfferRow = NonNullable<Awaited<ReturnType<OffersRepository['findView']>>>;
const toOffer = (row: OfferRow): Offer => ({ ...row, createdAt: row.createdAt.toISOString() });

type ApplicationRow = Awaited<ReturnType<OffersRepository['receivedBy']>>[number];
const toApplication = ({ cvPath, ...row }: ApplicationRow): Application => ({
  ...row,
  hasCv: cvPath !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Letters and digits of any script, the rest one hyphen: 'Ana  Lima!' → 'Ana-Lima'. */
function fileNamePart(text: string, max: number): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** 'Maria-Lopez-CV-U19-Striker.pdf': who applied and to what, not the storage key. */
function cvDownloadName(athleteName: string, offerTitle: string, key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const parts = [fileNamePart(athleteName, 60) || 'Athlete', 'CV', fileNamePart(offerTitle, 60)];
  return `${parts.filter(Boolean).join('-')}.${extension}`;
}

const offerGone = () => new AppError('not_found', MESSAGES.offer.notFound);

export function createOffersService(deps: {
  offers: OffersRepository;
  media: MediaRepository;
  storage: FileStorage;
  admin: AdminGate;
  signer: Signer;
  notifications?: Pick<NotificationsService, 'record' | 'announce'>;
}) {
  const { offers, media, storage, admin, signer, notifications } = deps;

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

  async function view(id: string, viewer: AuthContext | null): Promise<Offer> {
    const row = await offers.findView(id, viewer?.profileId ?? null);
    // A paused offer is its poster's to see; to anyone else it is gone for now.
    if (!row || (row.paused && row.poster.id !== viewer?.profileId)) throw offerGone();
    return toOffer(row);
  }

  return {
    view,

    async list(
      viewer: AuthContext | null,
      sport: Sport | undefined,
      cursor: string | undefined,
    ): Promise<OfferPage> {
      const limit = LIMITS.feedPosts;
      const rows = await offers.list(viewer?.profileId ?? null, sport, decodeCursor(cursor), limit);
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

    /** Posters delete their own offers; the applications and their CVs go too. */
    async delete(auth: AuthContext, id: string): Promise<void> {
      const offer = await offers.findPoster(id);
      if (!offer) throw offerGone();
      if (offer.postedBy !== auth.profileId)
        throw new AppError('forbidden', MESSAGES.offer.deleteOthers);
      const cvPaths = await offers.transaction(async (tx) => {
        const paths = await offers.delete(tx, id);
        for (const path of paths) await media.removeByPath(tx, 'offer-applications', path);
        return paths;
      });
      for (const path of cvPaths) await storage.remove('offer-applications', path);
    },

    async apply(
      auth: AuthContext,
      offerId: string,
      input: z.output<typeof createApplicationSchema>,
    ): Promise<Offer> {
      const offer = await offers.findPoster(offerId);
      if (!offer) throw offerGone();
      if (offer.postedBy === auth.profileId)
        throw new AppError('bad_request', MESSAGES.application.ownOffer);
      if (!offer.live) throw new AppError('conflict', MESSAGES.application.offerPaused);
      const { cvUploadId, ...fields } = input;
      try {
        await unlessGone(
          () =>
            offers.transaction(async (tx) => {
              let cvPath: string | null = null;
              if (cvUploadId) {
                const file = await media.claim(tx, cvUploadId, auth.userId, 'offer-applications');
                if (!file) throw new AppError('bad_request', MESSAGES.application.cvMissing);
                cvPath = file.path;
              }
              await offers.insertApplication(tx, offerId, auth.profileId, { ...fields, cvPath });
              // The poster hears of it with the application, never without it.
              return notifications?.record(tx, {
                recipientId: offer.postedBy,
                kind: 'application',
                subjectId: offerId,
                actorId: auth.profileId,
              });
            }),
          offerGone,
        ).then((told) => notifications?.announce([told]));
      } catch (error) {
        if (uniqueViolation(error) === 'offer_applications_offer_applicant_key') {
          throw new AppError('conflict', MESSAGES.application.alreadyApplied);
        }
        throw error;
      }
      return view(offerId, auth);
    },

    /** Applications to the caller's own offers only — admins included. */
    async received(auth: AuthContext): Promise<Application[]> {
      await requirePoster(auth, 'review');
      return (await offers.receivedBy(auth.profileId)).map(toApplication);
    },

    /** A link to the CV valid for an hour, for the applicant and the offer's poster only. */
    async cvUrl(auth: AuthContext, applicationId: string): Promise<SignedUrl> {
      const access = await offers.cvAccess(applicationId);
      if (
        !access ||
        (access.applicantId !== auth.profileId && access.posterId !== auth.profileId)
      ) {
        throw new AppError('not_found', MESSAGES.application.notFound);
      }
      if (!access.cvPath) throw new AppError('not_found', MESSAGES.application.noCv);
      const grant = {
        bucket: 'offer-applications',
        key: access.cvPath,
        downloadName: cvDownloadName(access.athleteName, access.offerTitle, access.cvPath),
      };
      const { token, expiresAt } = await signer.signFile(grant, LIMITS.cvSignedUrlSeconds);
      return {
        url: `/files/signed/offer-applications/${access.cvPath}?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}
