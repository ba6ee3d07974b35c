import { LIMITS } from '@arena/shared/limits';
import {
  SCHOLARSHIP_MESSAGES,
  SCHOLARSHIP_NOTICE_DETAIL,
  type Scholarship,
  type ScholarshipInput,
  type ScholarshipPage,
} from '@arena/shared/scholarship.schema';

import type { Executor } from '../../db/database.ts';
import { unlessGone } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { MediaRepository } from '../media/media.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OffersRepository } from '../offers/offers.repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { ScholarshipFilter, ScholarshipsRepository } from './scholarships.repository.ts';

export type ScholarshipsService = ReturnType<typeof createScholarshipsService>;

type Row = NonNullable<Awaited<ReturnType<ScholarshipsRepository['findView']>>>;

const m = SCHOLARSHIP_MESSAGES;
const gone = () => new AppError('not_found', m.notFound);

/** The fields whose change its open applicants hear about. */
const MATERIAL = ['deadline', 'coverage', 'amount', 'level', 'country'] as const;

/**
 * Scholarships: posted by verified organisations and admins like offers, and applied to through
 * the offers' pipeline (their rows are `athlete_offers` of kind `scholarship`, decision 0047).
 */
export function createScholarshipsService(deps: {
  scholarships: ScholarshipsRepository;
  offers: OffersRepository;
  media: MediaRepository;
  storage: FileStorage;
  admin: AdminGate;
  notifications?: Pick<NotificationsService, 'record' | 'announce'>;
}) {
  const { scholarships, offers, media, storage, admin, notifications } = deps;

  const toScholarship = (row: Row): Scholarship => ({
    ...row,
    positions: row.positions === '' ? null : row.positions,
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
  });

  /** Verified agents, clubs and coaches post scholarships, and admins (as for offers). */
  async function requirePoster(auth: AuthContext) {
    if (await admin.isAdmin(auth.userId)) return;
    const state = await offers.posterState(auth.profileId);
    if (!state || state.userType === 'player') throw new AppError('forbidden', m.accessDenied);
    if (!state.verified) throw new AppError('forbidden', m.verificationRequired);
  }

  /** The scholarship's poster, or an admin; an offer's id is no scholarship. */
  async function requireOwner(auth: AuthContext, id: string) {
    const row = await offers.findPoster(id);
    if (!row || row.kind !== 'scholarship') throw gone();
    if (row.postedBy !== auth.profileId && !(await admin.isAdmin(auth.userId)))
      throw new AppError('forbidden', m.notYours);
    return row;
  }

  async function view(id: string, viewer: AuthContext | null): Promise<Scholarship> {
    const row = await scholarships.findView(id, viewer?.profileId ?? null);
    // A paused scholarship is for its poster (and admins) to see; to anyone else it is gone.
    if (!row || (row.paused && !row.canManage)) throw gone();
    return toScholarship(row);
  }

  /** Tells each athlete whose application is open, in `tx`; returns whom to announce to. */
  async function tellApplicants(
    tx: Executor,
    id: string,
    change: 'changed' | 'withdrawn',
    title: string,
  ) {
    if (!notifications) return [];
    const told: (string | null)[] = [];
    for (const recipientId of await offers.openApplicantIds(tx, id)) {
      told.push(
        await notifications.record(tx, {
          recipientId,
          kind: 'offer_update',
          subjectId: id,
          actorId: null,
          // Its link leads to the scholarship's page; a withdrawn one's to My Applications.
          detail: change === 'changed' ? SCHOLARSHIP_NOTICE_DETAIL : change,
          subjectTitle: title,
        }),
      );
    }
    return told;
  }

  return {
    view,

    async list(
      viewer: AuthContext | null,
      filter: ScholarshipFilter,
      cursor: string | undefined,
    ): Promise<ScholarshipPage> {
      if (filter.mine && !viewer) throw new AppError('unauthorized', m.mineSignIn);
      const limit = LIMITS.feedPosts;
      const rows = await scholarships.list(
        viewer?.profileId ?? null,
        filter,
        decodeCursor(cursor),
        limit,
      );
      const page = pageOf(rows, limit, (row) => ({ createdAt: row.deadline, id: row.id }));
      return { items: page.items.map(toScholarship), nextCursor: page.nextCursor };
    },

    async create(auth: AuthContext, input: ScholarshipInput): Promise<Scholarship> {
      await requirePoster(auth);
      const id = await offers.transaction((tx) => scholarships.insert(tx, auth.profileId, input));
      return view(id, auth);
    },

    /**
     * Every field again. The athletes whose applications are open hear of a new deadline,
     * coverage, amount, level or country.
     */
    async update(auth: AuthContext, id: string, input: ScholarshipInput): Promise<Scholarship> {
      await requireOwner(auth, id);
      const told = await unlessGone(
        () =>
          offers.transaction(async (tx) => {
            const before = await scholarships.material(tx, id);
            if (!before || !(await scholarships.update(tx, id, input))) throw gone();
            const after = { ...input, deadline: new Date(input.deadline) };
            const changed = MATERIAL.some((field) =>
              field === 'deadline'
                ? before.deadline?.getTime() !== after.deadline.getTime()
                : before[field] !== after[field],
            );
            return changed ? tellApplicants(tx, id, 'changed', input.title) : [];
          }),
        gone,
      );
      await notifications?.announce(told);
      return view(id, auth);
    },

    /** Closed: no new applications (the open ones can still be decided); or open again. */
    async setClosed(auth: AuthContext, id: string, closed: boolean): Promise<Scholarship> {
      const row = await requireOwner(auth, id);
      if (!closed && row.deadline && row.deadline.getTime() <= Date.now())
        throw new AppError('conflict', m.reopenPastDeadline);
      await offers.setClosed(id, closed);
      return view(id, auth);
    },

    /**
     * Its poster deletes it with its applications and their CVs (as an offer: moderators remove
     * others'); the open applicants hear it was withdrawn.
     */
    async delete(auth: AuthContext, id: string): Promise<void> {
      const row = await offers.findPoster(id);
      if (!row || row.kind !== 'scholarship') throw gone();
      if (row.postedBy !== auth.profileId) throw new AppError('forbidden', m.deleteOthers);
      const { cvPaths, told } = await offers.transaction(async (tx) => {
        const notified = await tellApplicants(tx, id, 'withdrawn', row.title);
        const paths = await offers.delete(tx, id);
        for (const path of paths) await media.removeByPath(tx, 'offer-applications', path);
        return { cvPaths: paths, told: notified };
      });
      await notifications?.announce(told);
      for (const path of cvPaths) await storage.remove('offer-applications', path);
    },
  };
}
