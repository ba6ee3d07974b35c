import type { z } from 'zod';

import {
  type ApplicationNote,
  type BulkDeclineResult,
  canMoveStage,
  FINAL_STAGES,
  type moveStageSchema,
  type MyApplication,
  type MyApplicationPage,
  PIPELINE_MESSAGES,
  type receivedQuerySchema,
} from '@arena/shared/application.schema';
import type { OfferKind } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { SCHOLARSHIP_MESSAGES, SCHOLARSHIP_NOTICE_DETAIL } from '@arena/shared/scholarship.schema';
import type {
  Application,
  ApplicationDetail,
  createApplicationSchema,
  SignedUrl,
} from '@arena/shared/offer.schema';

import { uniqueViolation, unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { Signer } from '../auth/signing-keys.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { GuardianNotices } from '../guardians/guardians.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SafetyRepository } from '../safety/safety.repository.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import {
  createApplicationNotices,
  type MovedApplication,
  type Told,
} from './application-notices.ts';
import type { ApplicationsRepository, StageChange } from './applications.repository.ts';
import { toApplication, toEvent, toNote } from './application-views.ts';
import { cvDownloadName } from './cv-download-name.ts';
import type { OffersRepository } from './offers.repository.ts';

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

const applicationGone = () => new AppError('not_found', MESSAGES.application.notFound);
const offerGone = () => new AppError('not_found', MESSAGES.offer.notFound);

const CLOSED_MESSAGES = {
  offer: {
    closed: PIPELINE_MESSAGES.offerClosed,
    deadline: PIPELINE_MESSAGES.offerPastDeadline,
    full: PIPELINE_MESSAGES.offerFull,
  },
  scholarship: SCHOLARSHIP_MESSAGES.closedReasons,
} as const;

/**
 * The recruiting pipeline: applying, where each application stands, and who moves it. Every
 * move is checked against `canMoveStage` on the locked row, written with its history entry,
 * tells the athlete (notification) and both screens (realtime) once committed.
 */
export function createApplicationsService(deps: {
  applications: ApplicationsRepository;
  offers: OffersRepository;
  media: MediaRepository;
  admin: AdminGate;
  signer: Signer;
  bus: EventBus;
  notifications?: Pick<NotificationsService, 'record' | 'announce'>;
  safety?: Pick<SafetyRepository, 'between'>;
  guardians?: Pick<GuardianNotices, 'applied'> | undefined;
}) {
  const { applications, offers, media, admin, signer, bus, notifications } = deps;

  const notices = createApplicationNotices({ bus, notifications });

  /** Poster or admin; anyone else gets the same answer as for an application that is not there. */
  async function mayManage(auth: AuthContext, posterId: string) {
    if (posterId === auth.profileId) return true;
    return admin.isAdmin(auth.userId);
  }

  /** The application as its poster sees it; the caller has checked who is asking. */
  async function detail(id: string): Promise<ApplicationDetail> {
    const [row] = await applications.received(null, { id, sort: 'newest' });
    if (!row) throw applicationGone();
    const [history, notes] = await Promise.all([
      applications.history([id]),
      applications.notes(id),
    ]);
    return {
      ...toApplication(row),
      history: history.map(toEvent),
      notes: notes.map(toNote),
    };
  }

  /** The athlete's applications, newest first, each with its history. */
  async function mine(
    auth: AuthContext,
    cursor: string | undefined,
    only?: string,
  ): Promise<MyApplicationPage> {
    const limit = LIMITS.feedPosts;
    const rows = await applications.mine(auth.profileId, decodeCursor(cursor), limit, only);
    const page = pageOf(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
    const history = await applications.history(page.items.map((row) => row.id));
    return {
      items: page.items.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        stageChangedAt: row.stageChangedAt.toISOString(),
        history: history.filter((event) => event.applicationId === row.id).map(toEvent),
        canWithdraw: canMoveStage(row.stage, 'withdrawn', 'athlete'),
      })),
      nextCursor: page.nextCursor,
    };
  }

  return {
    async apply(
      auth: AuthContext,
      offerId: string,
      input: z.output<typeof createApplicationSchema>,
    ): Promise<OfferKind> {
      const offer = await offers.findPoster(offerId);
      if (!offer) throw offerGone();
      if (offer.postedBy === auth.profileId)
        throw new AppError('bad_request', MESSAGES.application.ownOffer);
      // To a member the poster blocked, the offer does not exist.
      if ((await deps.safety?.between(auth.profileId, offer.postedBy))?.blockedBy)
        throw offerGone();
      if (!offer.live) throw new AppError('conflict', MESSAGES.application.offerPaused);
      if (offer.closedReason)
        throw new AppError('conflict', CLOSED_MESSAGES[offer.kind][offer.closedReason]);
      const previous = await applications.previous(offerId, auth.profileId);
      if (previous?.status === 'withdrawn')
        throw new AppError('conflict', PIPELINE_MESSAGES.withdrawnBefore);
      if (previous) throw new AppError('conflict', MESSAGES.application.alreadyApplied);
      const { cvUploadId, ...fields } = input;
      try {
        const told = await unlessGone(
          () =>
            applications.transaction(async (tx) => {
              // Locked: a close, a deadline or the last place signed decides before or after.
              const locked = await offers.findPoster(offerId, tx);
              if (!locked) throw offerGone();
              if (locked.closedReason)
                throw new AppError('conflict', CLOSED_MESSAGES[locked.kind][locked.closedReason]);
              let cvPath: string | null = null;
              if (cvUploadId) {
                const file = await media.claim(tx, cvUploadId, auth.userId, 'offer-applications');
                if (!file) throw new AppError('bad_request', MESSAGES.application.cvMissing);
                cvPath = file.path;
              }
              await applications.insert(tx, offerId, auth.profileId, { ...fields, cvPath });
              // An athlete under 18: their confirmed guardian hears of it (issue 25).
              await deps.guardians?.applied(tx, { offerId, applicantId: auth.profileId });
              // The poster hears of it with the application, never without it.
              return notifications?.record(tx, {
                recipientId: offer.postedBy,
                kind: 'application',
                subjectId: offerId,
                actorId: auth.profileId,
                // Said and linked as a scholarship's when it is one.
                ...(offer.kind === 'scholarship' ? { detail: SCHOLARSHIP_NOTICE_DETAIL } : {}),
              });
            }),
          offerGone,
        );
        await notifications?.announce([told]);
        return offer.kind;
      } catch (error) {
        if (uniqueViolation(error) === 'offer_applications_offer_applicant_key') {
          throw new AppError('conflict', MESSAGES.application.alreadyApplied);
        }
        throw error;
      }
    },

    /** Applications to the caller's own offers only — admins included — filtered and sorted. */
    async received(
      auth: AuthContext,
      query: z.output<typeof receivedQuerySchema>,
    ): Promise<Application[]> {
      const rows = (await applications.received(auth.profileId, query)).map(toApplication);
      if (query.sort === 'cv') rows.sort((a, b) => b.cvFillRate - a.cvFillRate);
      return rows;
    },

    /** One application, its history and notes, for its poster (or an admin); opening marks it viewed. */
    async open(auth: AuthContext, id: string): Promise<ApplicationDetail> {
      const row = await requireManager(auth, id);
      // Only the poster's own opening counts as the club having seen it.
      if (row.stage === 'pending' && row.posterId === auth.profileId) {
        const viewed = await applications.transaction(async (tx) => {
          const applicantId = await applications.markViewed(tx, id, auth.profileId);
          if (!applicantId) return null;
          const change = { ...row, stage: 'viewed' as const, applicantId };
          return { change, told: await notices.record(tx, change, auth.profileId) };
        });
        if (viewed) await notices.tell([viewed.change], [viewed.told]);
      }
      return detail(id);
    },

    /** The poster moves one application, with an optional message to the athlete. */
    async move(
      auth: AuthContext,
      id: string,
      input: z.output<typeof moveStageSchema>,
    ): Promise<ApplicationDetail> {
      const isAdmin = await admin.isAdmin(auth.userId);
      if (input.trialAt && Date.parse(input.trialAt) <= Date.now())
        throw new AppError('bad_request', PIPELINE_MESSAGES.trialAtPast, {
          trialAt: PIPELINE_MESSAGES.trialAtPast,
        });
      const result = await applications.transaction(async (tx) => {
        const [row] = await applications.concerning(tx, [id], true);
        if (!row) throw applicationGone();
        if (row.posterId !== auth.profileId && !isAdmin) {
          // The athlete knows the application exists; anyone else does not learn it.
          if (row.applicantId === auth.profileId)
            throw new AppError('forbidden', PIPELINE_MESSAGES.moveOthers);
          throw applicationGone();
        }
        if (FINAL_STAGES.includes(row.stage))
          throw new AppError('conflict', PIPELINE_MESSAGES.final(row.stage));
        if (!canMoveStage(row.stage, input.stage, 'poster'))
          throw new AppError('conflict', PIPELINE_MESSAGES.notAllowed(row.stage, input.stage));
        const change: StageChange = {
          stage: input.stage,
          movedBy: 'poster',
          actorId: auth.profileId,
          message: input.message,
          trialAt: input.stage === 'trial' && input.trialAt ? new Date(input.trialAt) : null,
          trialPlace: input.stage === 'trial' ? input.trialPlace : null,
        };
        await applications.move(tx, id, row.offerId, change);
        const moved = { ...row, stage: input.stage };
        return { moved, told: await notices.record(tx, moved, auth.profileId) };
      });
      await notices.tell([result.moved], [result.told]);
      return detail(id);
    },

    /**
     * Declines the selected applications with one message. Each is checked on its own: those
     * that cannot be declined (signed, withdrawn, already declined) are reported, not failed;
     * one that is not the caller's to decline refuses the whole request and changes nothing.
     */
    async bulkDecline(
      auth: AuthContext,
      ids: string[],
      message: string | null,
    ): Promise<BulkDeclineResult> {
      const isAdmin = await admin.isAdmin(auth.userId);
      const unique = [...new Set(ids)];
      const result = await applications.transaction(async (tx) => {
        const rows = await applications.concerning(tx, unique, true);
        if (rows.length !== unique.length) throw applicationGone();
        if (!isAdmin && rows.some((row) => row.posterId !== auth.profileId))
          throw applicationGone();
        const moved: MovedApplication[] = [];
        const told: Told[] = [];
        const skipped: BulkDeclineResult['skipped'] = [];
        for (const row of rows) {
          if (!canMoveStage(row.stage, 'declined', 'poster')) {
            skipped.push({
              id: row.id,
              reason: FINAL_STAGES.includes(row.stage)
                ? PIPELINE_MESSAGES.final(row.stage)
                : PIPELINE_MESSAGES.notAllowed(row.stage, 'declined'),
            });
            continue;
          }
          await applications.move(tx, row.id, row.offerId, {
            stage: 'declined',
            movedBy: 'poster',
            actorId: auth.profileId,
            message,
          });
          const change = { ...row, stage: 'declined' as const };
          moved.push(change);
          told.push(await notices.record(tx, change, auth.profileId));
        }
        return { moved, told, skipped };
      });
      await notices.tell(result.moved, result.told);
      return { declined: result.moved.map((row) => row.id), skipped: result.skipped };
    },

    /** The athlete withdraws an open application; the poster sees it at once. */
    async withdraw(auth: AuthContext, id: string): Promise<MyApplication> {
      // Asked before the transaction: the embedded database has one connection, held by it.
      const isAdmin = await admin.isAdmin(auth.userId);
      const moved = await applications.transaction(async (tx) => {
        const [row] = await applications.concerning(tx, [id], true);
        if (!row) throw applicationGone();
        if (row.applicantId !== auth.profileId) {
          if (row.posterId === auth.profileId || isAdmin)
            throw new AppError('forbidden', PIPELINE_MESSAGES.withdrawOthers);
          throw applicationGone();
        }
        if (!canMoveStage(row.stage, 'withdrawn', 'athlete'))
          throw new AppError('conflict', PIPELINE_MESSAGES.notWithdrawable(row.stage));
        await applications.move(tx, id, row.offerId, {
          stage: 'withdrawn',
          movedBy: 'athlete',
          actorId: auth.profileId,
        });
        return { ...row, stage: 'withdrawn' as const };
      });
      await notices.tell([moved], []);
      const found = (await mine(auth, undefined, id)).items[0];
      if (!found) throw applicationGone();
      return found;
    },

    mine,

    async notes(auth: AuthContext, id: string): Promise<ApplicationNote[]> {
      await requireManager(auth, id);
      return (await applications.notes(id)).map(toNote);
    },

    async addNote(auth: AuthContext, id: string, body: string): Promise<ApplicationNote[]> {
      await requireManager(auth, id);
      await applications.addNote(id, auth.profileId, body);
      return (await applications.notes(id)).map(toNote);
    },

    async deleteNote(auth: AuthContext, noteId: string): Promise<void> {
      const note = await applications.findNote(noteId);
      if (!note || !(await mayManage(auth, note.posterId)))
        throw new AppError('not_found', PIPELINE_MESSAGES.noteNotFound);
      await applications.deleteNote(noteId);
    },

    /** A link to the CV valid for an hour, for the applicant and the offer's poster only. */
    async cvUrl(auth: AuthContext, applicationId: string): Promise<SignedUrl> {
      const access = await applications.cvAccess(applicationId);
      if (
        !access ||
        (access.applicantId !== auth.profileId && access.posterId !== auth.profileId)
      ) {
        throw applicationGone();
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

  /** The poster of the application's offer, or an admin; otherwise it is not there. */
  async function requireManager(auth: AuthContext, id: string) {
    const [row] = await applications.concerning(applications.db, [id]);
    if (!row || !(await mayManage(auth, row.posterId))) {
      if (row?.applicantId === auth.profileId)
        throw new AppError('forbidden', PIPELINE_MESSAGES.notesOthers);
      throw applicationGone();
    }
    return row;
  }
}
