import type { z } from 'zod';

import { MESSAGES } from '@arena/shared/messages';
import { organizationFillRate } from '@arena/shared/organization-fill-rate';
import type {
  OrganizationProfile,
  organizationProfilePatchSchema,
} from '@arena/shared/organization.schema';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { AdminGate } from '../admin/admin-gate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { OrganizationRepository } from './organization.repository.ts';

export type OrganizationService = ReturnType<typeof createOrganizationService>;

const m = MESSAGES.organization;

/**
 * Organisation profiles (clubs, agents, coaches). The licence or certification number of an
 * agent or coach reaches only the account itself and admins: for anyone else the answer has no
 * such key at all. The fill rate is the owner's alone.
 */
export function createOrganizationService(
  repo: OrganizationRepository,
  admin: Pick<AdminGate, 'isAdmin'>,
  bus: EventBus,
) {
  /** The organisation profile, or null when the profile is a player's. */
  async function find(
    owner: { id: string } | { username: string },
    viewer: AuthContext | null,
  ): Promise<OrganizationProfile | null> {
    const row = await repo.load(owner);
    if (!row) throw new AppError('not_found', MESSAGES.profileNotFound);
    if (row.userType === 'player') return null;
    const isOwn = viewer?.profileId === row.id;
    const isClub = row.userType === 'club';
    const [offers, seesLicence] = await Promise.all([
      repo.offersOf(row.id),
      !isClub && (isOwn || (viewer !== null && admin.isAdmin(viewer.userId))),
    ]);
    const fields = {
      about: row.about,
      sports: row.sports ?? [],
      city: row.city,
      country: row.country,
      league: row.league,
      website: row.website,
      foundedYear: isClub ? row.foundedYear : null,
    };
    const licenceNumber = isClub ? null : row.licenceNumber;
    return {
      userType: row.userType,
      ...fields,
      ...(seesLicence ? { licenceNumber } : {}),
      offers: offers.map((offer) => ({ ...offer, createdAt: offer.createdAt.toISOString() })),
      fillRate: isOwn
        ? organizationFillRate({
            userType: row.userType,
            fullName: row.fullName,
            bio: row.bio,
            avatarUrl: row.avatarUrl,
            ...fields,
            licenceNumber,
          })
        : null,
    };
  }

  return {
    find,

    /** `GET /api/profiles/:username/organization`: 404 for a player's profile. */
    async ofUsername(username: string, viewer: AuthContext | null): Promise<OrganizationProfile> {
      const found = await find({ username }, viewer);
      if (!found) throw new AppError('not_found', m.organizationsOnly);
      return found;
    },

    async update(
      auth: AuthContext,
      patch: z.output<typeof organizationProfilePatchSchema>,
    ): Promise<OrganizationProfile> {
      const row = await repo.load({ id: auth.profileId });
      if (!row) throw new AppError('not_found', MESSAGES.profileNotFound);
      if (row.userType === 'player') throw new AppError('forbidden', m.organizationsOnly);
      if (row.userType !== 'club' && patch.foundedYear != null) {
        throw new AppError('bad_request', m.foundedYearClubsOnly);
      }
      if (row.userType === 'club' && patch.licenceNumber != null) {
        throw new AppError('bad_request', m.licenceAgentsCoachesOnly);
      }
      await repo.upsert(auth.profileId, patch);
      await bus.publish({
        type: 'profile.updated',
        topic: `profile:${auth.profileId}`,
        profileId: auth.profileId,
      });
      const saved = await find({ id: auth.profileId }, auth);
      if (!saved) throw new AppError('forbidden', m.organizationsOnly);
      return saved;
    },
  };
}
