import { ageOn } from '@arena/shared/age';
import { MESSAGES } from '@arena/shared/messages';
import {
  publicSectionsFor,
  type PublicProfilePage,
  type PublicProfileSection,
  type PublicProfileSettings,
  type publicProfileInputSchema,
} from '@arena/shared/public-profile.schema';
import type { z } from 'zod';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { PublicProfileRow, PublicProfilesRepository } from './public-profiles.repository.ts';

export type PublicProfilesService = ReturnType<typeof createPublicProfilesService>;

/** What the public page of a member is made of, and whether search engines may index it. */
export interface ShownProfile {
  page: PublicProfilePage;
  allowIndexing: boolean;
}

/**
 * A public profile (issue 24) is the member's own choice, off by default, and never a minor's:
 * turning it on refuses a player under 18 (or without a birthdate yet), and the page of a minor,
 * a suspended or banned member, or one who has it off does not exist, all with the same answer.
 */
export function createPublicProfilesService(repo: PublicProfilesRepository, publicUrl: string) {
  const urlOf = (username: string) => `${publicUrl}/p/${encodeURIComponent(username)}`;

  async function settingsOf(profileId: string): Promise<PublicProfileSettings> {
    const stored = await repo.settingsOf(profileId);
    if (!stored) throw new AppError('not_found', MESSAGES.profileNotFound);
    const enabled = stored.sections !== null && !stored.minor;
    return {
      enabled,
      sections: enabled ? (stored.sections ?? []) : [],
      allowIndexing: enabled && stored.allowIndexing,
      url: urlOf(stored.username),
      eligible: !stored.minor,
    };
  }

  /** Only the chosen sections: a section not chosen is not read at all. */
  async function pageOf(row: PublicProfileRow, sections: PublicProfileSection[]) {
    // Clubs, agents and coaches have no athlete CV: only their highlights can show.
    const possible = publicSectionsFor(row.userType);
    const chosen = new Set(sections.filter((section) => possible.includes(section)));
    const page: PublicProfilePage = {
      username: row.username,
      fullName: row.fullName,
      avatarUrl: row.avatarUrl,
      userType: row.userType,
      verified: row.verified,
      sections: sections.filter((section) => chosen.has(section)),
      sport: chosen.has('sport')
        ? {
            sport: row.sport,
            mainPosition: row.mainPosition,
            otherPositions: row.otherPositions,
            heightCm: row.heightCm,
            weightKg: row.weightKg,
            nationalities: row.nationalities,
            age: row.birthdate ? ageOn(row.birthdate) : null,
          }
        : null,
      career: chosen.has('career') ? row.career : null,
      awards: chosen.has('awards') ? row.awards : null,
      availability: chosen.has('availability')
        ? {
            status: row.availabilityStatus,
            openToOffers: row.openToOffers?.visibility === 'everyone' ? row.openToOffers : null,
          }
        : null,
      highlights: chosen.has('highlights') ? await repo.highlights(row.id) : null,
    };
    return page;
  }

  /**
   * The page, or null when there is none to show: no such member, it is off, a minor, or a
   * suspended or banned member (the caller answers each the same way).
   */
  async function shown(username: string): Promise<ShownProfile | null> {
    const row = await repo.page(username);
    if (!row?.sections || row.minor || row.sanctioned) return null;
    return { page: await pageOf(row, row.sections), allowIndexing: row.allowIndexing };
  }

  return {
    settings: (auth: AuthContext) => settingsOf(auth.profileId),

    /** Turns it on or changes it; a minor is refused and nothing changes. */
    async save(
      auth: AuthContext,
      input: z.output<typeof publicProfileInputSchema>,
    ): Promise<PublicProfileSettings> {
      const stored = await repo.settingsOf(auth.profileId);
      if (!stored) throw new AppError('not_found', MESSAGES.profileNotFound);
      if (stored.minor) throw new AppError('forbidden', MESSAGES.publicProfile.minorsCannot);
      await repo.put(auth.profileId, input.sections, input.allowIndexing);
      return settingsOf(auth.profileId);
    },

    /** Turns it off (already off: nothing to do). */
    async turnOff(auth: AuthContext): Promise<PublicProfileSettings> {
      await repo.remove(auth.profileId);
      return settingsOf(auth.profileId);
    },

    /** The page of `/p/:username` (null: none to show), for the HTML's head. */
    shown,

    /** The page for the API: 404 with one message whatever the reason. */
    async page(username: string): Promise<PublicProfilePage> {
      const found = await shown(username);
      if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
      return found.page;
    },
  };
}
