import { sql } from 'drizzle-orm';

import type { CareerEntry, Award, OpenToOffers } from '@arena/shared/cv.schema';
import type { AvailabilityStatus, Sport, UserType } from '@arena/shared/constants';
import {
  PUBLIC_PROFILE_HIGHLIGHTS,
  type PublicHighlight,
  type PublicProfileSection,
} from '@arena/shared/public-profile.schema';

import { type Database, selectRows } from '../../db/database.ts';
import { isoTimestampOf } from '../../db/prepared-rows.ts';
import { imageSizes } from '../media/image-sizes.ts';
import { publicUrl } from '../media/media.service.ts';
import { isMinor, sanctioned } from '../safety/safety.sql.ts';

export type PublicProfilesRepository = ReturnType<typeof createPublicProfilesRepository>;

/** A member's public profile as stored: null sections while it is off. */
export interface StoredSettings {
  username: string;
  minor: boolean;
  sections: PublicProfileSection[] | null;
  allowIndexing: boolean;
}

/** Everything the public page may show of a member, and whether it may show at all. */
export interface PublicProfileRow {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  userType: UserType;
  verified: boolean;
  sections: PublicProfileSection[] | null;
  allowIndexing: boolean;
  minor: boolean;
  sanctioned: boolean;
  sport: Sport | null;
  mainPosition: string | null;
  otherPositions: string | null;
  heightCm: number | null;
  weightKg: number | null;
  nationalities: string | null;
  birthdate: string | null;
  availabilityStatus: AvailabilityStatus | null;
  career: CareerEntry[];
  awards: Award[];
  openToOffers: OpenToOffers | null;
}

interface HighlightRow {
  id: string;
  content: string;
  media_url: string;
  media_type: PublicHighlight['mediaType'];
  media_width: number | null;
  media_height: number | null;
  media_variant_widths: number[] | null;
  media_poster_path: string | null;
  sport: Sport;
  created_at: unknown;
}

export function createPublicProfilesRepository(db: Database) {
  return {
    /** The member's username, whether they are a minor, and their public profile if it is on. */
    async settingsOf(profileId: string): Promise<StoredSettings | undefined> {
      const [row] = await selectRows<StoredSettings>(
        db,
        sql`SELECT p.username, ${isMinor(sql`p.id`)} AS minor,
            pp.sections, coalesce(pp.allow_indexing, false) AS "allowIndexing"
          FROM profiles p LEFT JOIN public_profiles pp ON pp.profile_id = p.id
          WHERE p.id = ${profileId}::uuid`,
      );
      return row;
    },

    /** Turns the public profile on, or changes what it shows. */
    async put(profileId: string, sections: PublicProfileSection[], allowIndexing: boolean) {
      const list = sql`ARRAY[${sql.join(
        sections.map((section) => sql`${section}`),
        sql`, `,
      )}]::text[]`;
      await db.execute(
        sql`INSERT INTO public_profiles (profile_id, sections, allow_indexing)
          VALUES (${profileId}::uuid, ${sections.length ? list : sql`'{}'::text[]`}, ${allowIndexing})
          ON CONFLICT (profile_id) DO UPDATE
            SET sections = excluded.sections, allow_indexing = excluded.allow_indexing,
              updated_at = now()`,
      );
    },

    async remove(profileId: string) {
      await db.execute(sql`DELETE FROM public_profiles WHERE profile_id = ${profileId}::uuid`);
    },

    /**
     * The member of that username with what the page may show, in one statement; the caller
     * decides whether it shows at all (on, an adult, not suspended or banned).
     */
    async page(username: string): Promise<PublicProfileRow | undefined> {
      const [row] = await selectRows<PublicProfileRow>(
        db,
        sql`SELECT p.id, p.username, p.full_name AS "fullName", p.avatar_url AS "avatarUrl",
            p.user_type AS "userType", p.verified,
            pp.sections, coalesce(pp.allow_indexing, false) AS "allowIndexing",
            ${isMinor(sql`p.id`)} AS minor, ${sanctioned(sql`p.id`)} AS sanctioned,
            ap.sport, ap.main_position AS "mainPosition", ap.other_positions AS "otherPositions",
            ap.height_cm AS "heightCm", ap.weight_kg::float8 AS "weightKg",
            ap.nationalities, ap.birthdate::text AS birthdate,
            ap.availability_status AS "availabilityStatus",
            coalesce((
              SELECT json_agg(json_build_object(
                  'id', c.id, 'season', c.season, 'teamName', c.team_name, 'role', c.role)
                ORDER BY c.season DESC, c.created_at ASC)
              FROM career_history c WHERE c.profile_id = p.id), '[]'::json) AS career,
            coalesce((
              SELECT json_agg(json_build_object(
                  'id', a.id, 'title', a.title, 'description', a.description,
                  'awardDate', a.award_date)
                ORDER BY a.award_date DESC NULLS LAST, a.created_at DESC)
              FROM awards a WHERE a.profile_id = p.id), '[]'::json) AS awards,
            (SELECT json_build_object('visibility', o.visibility, 'contractTypes', o.contract_types,
                'contractEndsOn', o.contract_ends_on)
              FROM open_to_offers o WHERE o.profile_id = p.id) AS "openToOffers"
          FROM profiles p
            LEFT JOIN public_profiles pp ON pp.profile_id = p.id
            LEFT JOIN athlete_profiles ap ON ap.profile_id = p.id
          WHERE lower(p.username) = ${username.toLowerCase()}`,
      );
      return row;
    },

    /**
     * The videos the member pinned to their Highlights, in their order, then their latest other
     * posts with a photo or video. A post moderation removed is deleted, so it is never among
     * them; a video still being processed is not shown yet.
     */
    async highlights(profileId: string): Promise<PublicHighlight[]> {
      const rows = await selectRows<HighlightRow>(
        db,
        sql`SELECT p.id, p.content, p.media_url, p.media_type, p.media_width, p.media_height,
            p.media_variant_widths, p.media_poster_path, p.sport, p.created_at
          FROM posts p
            LEFT JOIN highlights h ON h.post_id = p.id AND h.profile_id = p.user_id
          WHERE p.user_id = ${profileId}::uuid AND p.media_url IS NOT NULL
            AND p.media_status IS NULL
          ORDER BY h.position ASC NULLS LAST, p.created_at DESC, p.id DESC
          LIMIT ${sql.raw(String(PUBLIC_PROFILE_HIGHLIGHTS))}`,
      );
      return rows.map((row) => ({
        id: row.id,
        content: row.content,
        mediaUrl: row.media_url,
        mediaType: row.media_type,
        mediaImage:
          row.media_type === 'image'
            ? imageSizes({
                path: row.media_url,
                width: row.media_width,
                height: row.media_height,
                variantWidths: row.media_variant_widths,
              })
            : null,
        posterUrl: row.media_poster_path ? publicUrl('post-media', row.media_poster_path) : null,
        sport: row.sport,
        createdAt: isoTimestampOf(row.created_at),
      }));
    },
  };
}
