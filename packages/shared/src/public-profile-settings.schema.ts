import { z } from 'zod';

import type { UserType } from './constants.ts';
import { MESSAGES } from './messages.ts';

/*
 * A public profile's settings, apart from the page's schema (public-profile.schema.ts, which
 * brings the CV's): the Settings page's one request carries them without the CV's code.
 */

const m = MESSAGES.publicProfile;

/**
 * A public profile (issue 24): `/p/{username}`, readable without signing in, for adults who turn
 * it on. The name and photo always show; the member chooses which of these sections do.
 */
export const PUBLIC_PROFILE_SECTIONS = [
  'sport',
  'career',
  'awards',
  'availability',
  'highlights',
] as const;
export type PublicProfileSection = (typeof PUBLIC_PROFILE_SECTIONS)[number];

export const PUBLIC_PROFILE_SECTION_LABELS: Record<PublicProfileSection, string> = {
  sport: 'Sport, positions and measurements',
  career: 'Career',
  awards: 'Awards and achievements',
  availability: 'Availability',
  highlights: 'Highlights (the videos you pinned, then your latest posts with a photo or video)',
};

/** The sections a member of this kind can show: clubs, agents and coaches have no athlete CV. */
export function publicSectionsFor(userType: UserType): readonly PublicProfileSection[] {
  return userType === 'player' ? PUBLIC_PROFILE_SECTIONS : ['highlights'];
}

/** How many posts with media the page shows: the pinned videos first, then the latest. */
export const PUBLIC_PROFILE_HIGHLIGHTS = 6;

/** `PUT /api/me/public-profile`: turns it on, or changes what it shows. */
export const publicProfileInputSchema = z.object({
  sections: z
    .array(z.enum(PUBLIC_PROFILE_SECTIONS, { error: m.sectionInvalid }), {
      error: m.sectionInvalid,
    })
    .max(PUBLIC_PROFILE_SECTIONS.length, m.sectionsRepeated)
    .refine((sections) => new Set(sections).size === sections.length, m.sectionsRepeated),
  allowIndexing: z.boolean({ error: m.indexingInvalid }).default(false),
});
export type PublicProfileInput = z.input<typeof publicProfileInputSchema>;

/** The member's settings (`GET`, `PUT`, `DELETE /api/me/public-profile`). */
export const publicProfileSettingsSchema = z.object({
  enabled: z.boolean(),
  /** What shows besides the name and photo; empty while off. */
  sections: z.array(z.enum(PUBLIC_PROFILE_SECTIONS)),
  allowIndexing: z.boolean(),
  /** Where the page is (or would be): `{PUBLIC_URL}/p/{username}`. */
  url: z.string(),
  /** False for a minor (under 18 by the CV's birthdate, or none given yet): they cannot turn it on. */
  eligible: z.boolean(),
});
export type PublicProfileSettings = z.infer<typeof publicProfileSettingsSchema>;
