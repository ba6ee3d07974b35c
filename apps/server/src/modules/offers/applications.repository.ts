import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { ApplicationStage, ReceivedSort } from '@arena/shared/application.schema';
import type { createApplicationSchema } from '@arena/shared/offer.schema';

import { type Database, type Executor, literalLimit } from '../../db/database.ts';
import { transactionOn } from '../../db/transaction.ts';
import type { Position } from '../../http/cursor.ts';
import { cvFillColumns } from '../cv/cv.repository.ts';
import { closedReason } from './offers.repository.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import {
  applicationEvents,
  applicationNotes,
  athleteOffers,
  offerApplications,
} from './offers.tables.ts';

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;

export interface StageChange {
  stage: ApplicationStage;
  movedBy: 'poster' | 'athlete' | 'system';
  actorId: string | null;
  message?: string | null;
  trialAt?: Date | null;
  trialPlace?: string | null;
}

const outerApplicationId = sql.raw('"offer_applications"."id"');

export function createApplicationsRepository(db: Database) {
  /** Writes the change and its history entry; a signing counts against the offer's places. */
  async function move(tx: Executor, id: string, offerId: string, change: StageChange) {
    await tx
      .update(offerApplications)
      .set({ status: change.stage, stageChangedAt: sql`now()` })
      .where(eq(offerApplications.id, id));
    await tx.insert(applicationEvents).values({
      applicationId: id,
      stage: change.stage,
      movedBy: change.movedBy,
      actorId: change.actorId,
      message: change.message ?? null,
      trialAt: change.trialAt ?? null,
      trialPlace: change.trialPlace ?? null,
    });
    if (change.stage === 'signed') {
      await tx
        .update(athleteOffers)
        .set({ signedCount: sql`${athleteOffers.signedCount} + 1` })
        .where(eq(athleteOffers.id, offerId));
    }
  }

  return {
    transaction: transactionOn(db),
    db,
    move,

    /** Adds the application, counts it and starts its history, in the caller's transaction. */
    async insert(
      tx: Executor,
      offerId: string,
      applicantId: string,
      input: Omit<z.output<typeof createApplicationSchema>, 'cvUploadId'> & {
        cvPath: string | null;
      },
    ) {
      const [row] = await tx
        .insert(offerApplications)
        .values({ offerId, applicantId, ...input })
        .returning({ id: offerApplications.id });
      if (!row) throw new Error('The application insert returned no row');
      await tx
        .update(athleteOffers)
        .set({ applicationCount: sql`${athleteOffers.applicationCount} + 1` })
        .where(eq(athleteOffers.id, offerId));
      await tx.insert(applicationEvents).values({
        applicationId: row.id,
        stage: 'pending',
        movedBy: 'athlete',
        actorId: applicantId,
      });
      return row.id;
    },

    /** The caller's earlier application to the offer, if any. */
    async previous(offerId: string, applicantId: string) {
      const [row] = await db
        .select({ status: offerApplications.status })
        .from(offerApplications)
        .where(
          and(
            eq(offerApplications.offerId, offerId),
            eq(offerApplications.applicantId, applicantId),
          ),
        );
      return row;
    },

    /**
     * The applications with whom they concern. With `lock`, locked for the rest of `tx`: two
     * moves of one application (a double click, two tabs) happen one after the other, each
     * seeing the stage the other left.
     */
    async concerning(ex: Executor, ids: string[], lock = false) {
      if (ids.length === 0) return [];
      const query = ex
        .select({
          id: offerApplications.id,
          stage: offerApplications.status,
          applicantId: offerApplications.applicantId,
          offerId: offerApplications.offerId,
          posterId: athleteOffers.postedBy,
        })
        .from(offerApplications)
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .where(inArray(offerApplications.id, ids))
        .orderBy(asc(offerApplications.id));
      return lock ? query.for('update', { of: offerApplications }) : query;
    },

    /**
     * Marks a pending application viewed: one statement that only a pending one matches, so
     * two first openings at once record it once. Returns whether this call did.
     */
    async markViewed(tx: Executor, id: string, actorId: string) {
      const [row] = await tx
        .update(offerApplications)
        .set({ status: 'viewed', stageChangedAt: sql`now()` })
        .where(and(eq(offerApplications.id, id), eq(offerApplications.status, 'pending')))
        .returning({ applicantId: offerApplications.applicantId });
      if (!row) return null;
      await tx
        .insert(applicationEvents)
        .values({ applicationId: id, stage: 'viewed', movedBy: 'system', actorId });
      return row.applicantId;
    },

    /**
     * Applications to the poster's offers (any offer's with `null`, for an admin opening one),
     * with the applicant's CV inputs and the count of notes.
     */
    async received(
      posterId: string | null,
      filter: { offer?: string; stage?: ApplicationStage; sort: ReceivedSort; id?: string },
    ) {
      return db
        .select({
          id: offerApplications.id,
          offerId: offerApplications.offerId,
          createdAt: offerApplications.createdAt,
          status: offerApplications.status,
          stageChangedAt: offerApplications.stageChangedAt,
          cvPath: offerApplications.cvPath,
          athleteName: offerApplications.athleteName,
          email: offerApplications.email,
          sport: offerApplications.sport,
          currentTeam: offerApplications.currentTeam,
          positionRole: offerApplications.positionRole,
          yearsExperience: offerApplications.yearsExperience,
          achievements: offerApplications.achievements,
          heightWeight: offerApplications.heightWeight,
          availability: offerApplications.availability,
          whyInterested: offerApplications.whyInterested,
          willingToRelocate: offerApplications.willingToRelocate,
          desiredContractDuration: offerApplications.desiredContractDuration,
          applicant: {
            id: profiles.id,
            username: profiles.username,
            avatarUrl: profiles.avatarUrl,
          },
          offer: {
            id: athleteOffers.id,
            title: athleteOffers.title,
            organizationName: athleteOffers.organizationName,
          },
          cv: cvFillColumns,
          noteCount: sql<number>`(SELECT count(*)::int FROM ${applicationNotes} WHERE ${applicationNotes.applicationId} = ${outerApplicationId})`,
        })
        .from(offerApplications)
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .innerJoin(profiles, eq(profiles.id, offerApplications.applicantId))
        .where(
          and(
            posterId === null ? undefined : eq(athleteOffers.postedBy, posterId),
            filter.id ? eq(offerApplications.id, filter.id) : undefined,
            filter.offer ? eq(offerApplications.offerId, filter.offer) : undefined,
            filter.stage ? eq(offerApplications.status, filter.stage) : undefined,
          ),
        )
        .orderBy(
          filter.sort === 'oldest'
            ? asc(offerApplications.createdAt)
            : desc(offerApplications.createdAt),
          desc(offerApplications.id),
        );
    },

    /** The athlete's own applications, newest first, with their offers. */
    async mine(applicantId: string, after: Position | null, limit: number, only?: string) {
      return db
        .select({
          id: offerApplications.id,
          createdAt: offerApplications.createdAt,
          stage: offerApplications.status,
          stageChangedAt: offerApplications.stageChangedAt,
          offer: {
            id: athleteOffers.id,
            title: athleteOffers.title,
            organizationName: athleteOffers.organizationName,
            location: athleteOffers.location,
            kind: athleteOffers.kind,
            contractType: athleteOffers.contractType,
            closed: sql<boolean>`(${closedReason} IS NOT NULL)`,
          },
        })
        .from(offerApplications)
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .where(
          and(
            eq(offerApplications.applicantId, applicantId),
            only ? eq(offerApplications.id, only) : undefined,
            after
              ? sql`(${offerApplications.createdAt}, ${offerApplications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(offerApplications.createdAt), desc(offerApplications.id))
        .limit(literalLimit(limit + 1));
    },

    /** The history of each application, oldest change first. */
    async history(applicationIds: string[]) {
      if (applicationIds.length === 0) return [];
      return db
        .select({
          id: applicationEvents.id,
          applicationId: applicationEvents.applicationId,
          stage: applicationEvents.stage,
          by: applicationEvents.movedBy,
          message: applicationEvents.message,
          trialAt: applicationEvents.trialAt,
          trialPlace: applicationEvents.trialPlace,
          createdAt: applicationEvents.createdAt,
        })
        .from(applicationEvents)
        .where(inArray(applicationEvents.applicationId, applicationIds))
        .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
    },

    async notes(applicationId: string) {
      return db
        .select({
          id: applicationNotes.id,
          body: applicationNotes.body,
          createdAt: applicationNotes.createdAt,
          author: { id: profiles.id, username: profiles.username, fullName: profiles.fullName },
        })
        .from(applicationNotes)
        .innerJoin(profiles, eq(profiles.id, applicationNotes.authorId))
        .where(eq(applicationNotes.applicationId, applicationId))
        .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
    },

    async addNote(applicationId: string, authorId: string, body: string) {
      const [row] = await db
        .insert(applicationNotes)
        .values({ applicationId, authorId, body })
        .returning({ id: applicationNotes.id });
      if (!row) throw new Error('The note insert returned no row');
      return row.id;
    },

    /** The note with the poster of its application's offer, to check who may delete it. */
    async findNote(id: string) {
      const [row] = await db
        .select({ applicationId: applicationNotes.applicationId, posterId: athleteOffers.postedBy })
        .from(applicationNotes)
        .innerJoin(offerApplications, eq(offerApplications.id, applicationNotes.applicationId))
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .where(eq(applicationNotes.id, id));
      return row;
    },

    async deleteNote(id: string) {
      await db.delete(applicationNotes).where(eq(applicationNotes.id, id));
    },

    /** Who may read an application's CV: its applicant and the offer's poster. */
    async cvAccess(applicationId: string) {
      const [row] = await db
        .select({
          cvPath: offerApplications.cvPath,
          applicantId: offerApplications.applicantId,
          athleteName: offerApplications.athleteName,
          posterId: athleteOffers.postedBy,
          offerTitle: athleteOffers.title,
        })
        .from(offerApplications)
        .innerJoin(athleteOffers, eq(athleteOffers.id, offerApplications.offerId))
        .where(eq(offerApplications.id, applicationId));
      return row;
    },
  };
}
