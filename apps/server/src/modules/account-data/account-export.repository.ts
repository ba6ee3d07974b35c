import { sql } from 'drizzle-orm';

import { type Database, literalLimit, selectRows } from '../../db/database.ts';
import { users } from '../auth/auth.tables.ts';
import { campRegistrations, camps } from '../camps/camps.tables.ts';
import { athleteProfiles, awards, careerHistory, openToOffers } from '../cv/cv.tables.ts';
import { conversations, messages } from '../messaging/messaging.tables.ts';
import { applicationEvents, athleteOffers, offerApplications } from '../offers/offers.tables.ts';
import { comments, posts } from '../posts/posts.tables.ts';
import { profiles } from '../profiles/profiles.tables.ts';
import { scholarships } from '../scholarships/scholarships.tables.ts';
import { savedSearches } from '../scouting/scouting.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';
import { verificationRequests } from '../verification/verification.tables.ts';

type Limit = ReturnType<typeof literalLimit>;

export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;

/** Whose data: the account and its profile. */
export interface Owner {
  userId: string;
  profileId: string;
}

/** Rows are read this many at a time, so an export never holds a whole table of a member. */
const PAGE_SIZE = 500;
const BEFORE_ANY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The member's records by kind, each a query of rows after an id (in id order): one JSON file each
 * in the export. Rows are given as the database stores them, every column of the member's own.
 */
const KINDS = {
  profile: (o: Owner, after: string, n: Limit) => sql`
    SELECT p.*, u.email, u.email_confirmed_at, u.created_at AS account_created_at
    FROM ${profiles} p JOIN ${users} u ON u.id = p.user_id
    WHERE p.id = ${o.profileId} AND p.id > ${after}::uuid ORDER BY p.id LIMIT ${n}`,
  cv: (o: Owner, after: string, n: Limit) => sql`
    SELECT * FROM (
      SELECT 'athlete_profile' AS section, a.profile_id AS id,
          to_jsonb(a) || jsonb_build_object('open_to_offers',
            (SELECT to_jsonb(x) FROM ${openToOffers} x WHERE x.profile_id = a.profile_id)) AS data
        FROM ${athleteProfiles} a WHERE a.profile_id = ${o.profileId}
      UNION ALL
      SELECT 'career_history', c.id, to_jsonb(c) FROM ${careerHistory} c
        WHERE c.profile_id = ${o.profileId}
      UNION ALL
      SELECT 'award', w.id, to_jsonb(w) FROM ${awards} w WHERE w.profile_id = ${o.profileId}
    ) cv WHERE cv.id > ${after}::uuid ORDER BY cv.id LIMIT ${n}`,
  posts: (o: Owner, after: string, n: Limit) => sql`
    SELECT t.* FROM ${posts} t
    WHERE t.user_id = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  comments: (o: Owner, after: string, n: Limit) => sql`
    SELECT t.* FROM ${comments} t
    WHERE t.user_id = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  messages: (o: Owner, after: string, n: Limit) => sql`
    SELECT m.*, (m.sender_id = ${o.profileId}) AS sent_by_me FROM ${messages} m
    JOIN ${conversations} c ON c.id = m.conversation_id
    WHERE (c.user1_id = ${o.profileId} OR c.user2_id = ${o.profileId})
      AND m.id > ${after}::uuid ORDER BY m.id LIMIT ${n}`,
  applications: (o: Owner, after: string, n: Limit) => sql`
    SELECT t.*, coalesce((
        SELECT jsonb_agg(jsonb_build_object('stage', e.stage, 'by', e.moved_by,
          'message', e.message, 'trialAt', e.trial_at, 'trialPlace', e.trial_place,
          'createdAt', e.created_at) ORDER BY e.created_at, e.id)
        FROM ${applicationEvents} e WHERE e.application_id = t.id), '[]'::jsonb) AS history
    FROM ${offerApplications} t
    WHERE t.applicant_id = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  // A scholarship (kind 'scholarship') carries its own fields beside the offer's columns.
  offers: (o: Owner, after: string, n: Limit) => sql`
    SELECT t.*, (SELECT to_jsonb(s) - 'offer_id' FROM ${scholarships} s WHERE s.offer_id = t.id)
      AS scholarship
    FROM ${athleteOffers} t
    WHERE t.posted_by = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  'verification-requests': (o: Owner, after: string, n: Limit) => sql`
    SELECT t.* FROM ${verificationRequests} t
    WHERE t.profile_id = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  'saved-searches': (o: Owner, after: string, n: Limit) => sql`
    SELECT t.* FROM ${savedSearches} t
    WHERE t.profile_id = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  camps: (o: Owner, after: string, n: Limit) => sql`
    SELECT t.* FROM ${camps} t
    WHERE t.posted_by = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
  'camp-registrations': (o: Owner, after: string, n: Limit) => sql`
    SELECT t.*, c.title AS camp_title, c.starts_on AS camp_starts_on, c.ends_on AS camp_ends_on
    FROM ${campRegistrations} t JOIN ${camps} c ON c.id = t.camp_id
    WHERE t.member_id = ${o.profileId} AND t.id > ${after}::uuid ORDER BY t.id LIMIT ${n}`,
} as const;

export type ExportKind = keyof typeof KINDS;
export const EXPORT_KINDS = Object.keys(KINDS) as ExportKind[];

/** A file the member uploaded, where it is stored. */
export interface OwnedFile {
  id: string;
  bucket: string;
  path: string;
  /** A video's processing state; null for other files. */
  videoStatus: string | null;
}

export function createAccountExportRepository(db: Database) {
  return {
    /** The member's rows of one kind, a page at a time. */
    async *rows(kind: ExportKind, owner: Owner): AsyncGenerator<Record<string, unknown>> {
      let after = BEFORE_ANY_ID;
      for (;;) {
        const page = await selectRows<Record<string, unknown> & { id: string }>(
          db,
          KINDS[kind](owner, after, literalLimit(PAGE_SIZE)),
        );
        yield* page;
        const last = page.at(-1);
        if (page.length < PAGE_SIZE || !last) return;
        after = last.id;
      }
    },

    /** The files the member uploaded (posts', messages', applications' media), a page at a time. */
    async *files(userId: string): AsyncGenerator<OwnedFile> {
      let after = BEFORE_ANY_ID;
      for (;;) {
        const page = await selectRows<OwnedFile>(
          db,
          sql`SELECT f.id, f.bucket, f.path, f.video_status AS "videoStatus" FROM ${storedFiles} f
              WHERE f.owner_user_id = ${userId} AND f.claimed_at IS NOT NULL
                AND f.id > ${after}::uuid ORDER BY f.id LIMIT ${literalLimit(PAGE_SIZE)}`,
        );
        yield* page;
        const last = page.at(-1);
        if (page.length < PAGE_SIZE || !last) return;
        after = last.id;
      }
    },
  };
}
