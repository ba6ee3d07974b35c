import type { z } from 'zod';

import {
  EMPTY_ATHLETE_PROFILE,
  type Cv,
  type OpenToOffers,
  type athleteProfilePatchSchema,
  type awardInputSchema,
  type careerEntryInputSchema,
} from '@arena/shared/cv.schema';
import { ADULT_AGE, ageOn, isMinorBirthdate, MINIMUM_AGE } from '@arena/shared/age';
import { cvFillRate } from '@arena/shared/cv-fill-rate';
import { CV_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { CvRepository } from './cv.repository.ts';

export type CvService = ReturnType<typeof createCvService>;

/**
 * Only the owner changes a CV: every write below is scoped to the caller's own profile. Only
 * players have an athlete CV; clubs, agents and coaches have an organisation profile instead.
 */
export function createCvService(
  repo: CvRepository,
  bus: EventBus,
  onChange: () => Promise<void> = async () => {},
) {
  /**
   * The CV, or null when the profile is an organisation's. The exact birthdate goes to the owner
   * (`viewerId`) only; everyone else sees the age it gives.
   */
  type Found = NonNullable<Awaited<ReturnType<CvRepository['load']>>>;

  /**
   * The CV of a player's row as `viewerId` may see it: the exact birthdate is the owner's only;
   * being open to offers, the owner's and those the athlete lets see it; a minor's city, the
   * owner's, verified organisations' and admins' (decision 0044). `privileged`: the reader is a
   * verified organisation or an admin.
   */
  function toCv(found: Found, viewerId: string | null, privileged = false): Cv {
    const { athlete, career, awards, openToOffers } = found;
    const own = viewerId === found.id;
    const shown =
      openToOffers && (own || openToOffers.visibility === 'everyone' || privileged)
        ? openToOffers
        : null;
    const values = athlete ?? EMPTY_ATHLETE_PROFILE;
    const seesCity = own || privileged || !isMinorBirthdate(values.birthdate);
    return {
      athlete: {
        ...values,
        birthdate: own ? values.birthdate : null,
        age: values.birthdate ? ageOn(values.birthdate) : null,
        sex: values.sex as Cv['athlete']['sex'],
        city: seesCity ? values.city : null,
      },
      career,
      awards,
      openToOffers: shown,
      fillRate: cvFillRate({
        fullName: found.fullName,
        bio: found.bio,
        avatarUrl: found.avatarUrl,
        athlete: values,
        careerCount: career.length,
        awardsCount: awards.length,
      }),
    };
  }

  /**
   * The CV, or null when the profile is an organisation's. The exact birthdate goes to the owner
   * (`viewerId`) only; everyone else sees the age it gives. Whether the reader is a verified
   * organisation or an admin is asked only when the CV holds something for them alone.
   */
  async function find(
    owner: { id: string } | { username: string },
    viewerId: string | null,
  ): Promise<Cv | null> {
    const found = await repo.load(owner);
    if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
    if (found.userType !== 'player') return null;
    const { athlete } = found;
    const forThemOnly =
      found.openToOffers?.visibility === 'verified' ||
      (Boolean(athlete?.city) && isMinorBirthdate(athlete?.birthdate ?? null));
    const asks = forThemOnly && viewerId !== null && viewerId !== found.id;
    return toCv(found, viewerId, asks && (await verifiedOrAdmin(viewerId)));
  }

  const verifiedOrAdmin = (profileId: string) => repo.verifiedOrAdmin(profileId);

  async function load(
    owner: { id: string } | { username: string },
    viewerId: string | null,
  ): Promise<Cv> {
    const cv = await find(owner, viewerId);
    if (!cv) throw new AppError('not_found', MESSAGES.organization.playersOnly);
    return cv;
  }

  const notFound = () => new AppError('not_found', MESSAGES.cv.entryNotFound);

  /** Refuses a caller whose account is not a player's. */
  /**
   * The age rules rest on the birthdate, so the CV cannot remove it, set one under the minimum
   * age, or turn a minor into an adult (a mistake there is for an admin to correct). An adult may
   * correct theirs, and an account from before sign-up asked may give one here.
   */
  function refuseBirthdateChange(stored: string | null, next: string | null): void {
    const m = MESSAGES.minors;
    if (next === null) {
      if (stored !== null) throw new AppError('bad_request', m.birthdateCannotBeRemoved);
      return;
    }
    if (ageOn(next) < MINIMUM_AGE) throw new AppError('bad_request', m.birthdateUnderMinimum);
    if (stored !== null && ageOn(stored) < ADULT_AGE && ageOn(next) >= ADULT_AGE)
      throw new AppError('bad_request', m.birthdateMinorToAdult);
  }

  async function requirePlayer(auth: AuthContext): Promise<void> {
    const userType = await repo.userTypeOf(auth.profileId);
    if (!userType) throw new AppError('not_found', MESSAGES.profileNotFound);
    if (userType !== 'player') throw new AppError('forbidden', MESSAGES.organization.playersOnly);
  }

  /** Tells the profile's listeners, then returns the CV as it now is. */
  async function changed(profileId: string): Promise<Cv> {
    await bus.publish({ type: 'profile.updated', topic: `profile:${profileId}`, profileId });
    await onChange();
    return load({ id: profileId }, profileId);
  }

  return {
    /** The CV for the profile page and the feed's sidebar: null for an organisation. */
    find,

    /**
     * What the CV's PDF is made of (issue 24): for the athlete, verified organisations and admins.
     * A minor's is theirs too (verified organisations may see minors), with the age only and
     * the city (decision 0044: the PDF reaches no one else).
     */
    async forPdf(username: string, auth: AuthContext) {
      const found = await repo.load({ username });
      if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
      if (found.userType !== 'player') {
        throw new AppError('not_found', MESSAGES.organization.playersOnly);
      }
      if (found.id !== auth.profileId && !(await verifiedOrAdmin(auth.profileId))) {
        throw new AppError('forbidden', MESSAGES.cv.pdfVerifiedOnly);
      }
      return {
        fullName: found.fullName,
        username: found.username,
        avatarUrl: found.avatarUrl,
        cv: toCv(found, auth.profileId, true),
      };
    },

    /**
     * Open to offers (issue 24), or a change of how: athletes only; a minor's is for verified
     * organisations only (as a minor without a birthdate yet is treated).
     */
    async setOpenToOffers(auth: AuthContext, input: OpenToOffers): Promise<Cv> {
      await requirePlayer(auth);
      if (input.visibility === 'everyone') {
        const birthdate = await repo.birthdateOf(auth.profileId);
        if (birthdate === null || ageOn(birthdate) < ADULT_AGE) {
          throw new AppError('validation_failed', MESSAGES.cv.openMinorsVerifiedOnly, {
            visibility: MESSAGES.cv.openMinorsVerifiedOnly,
          });
        }
      }
      await repo.putOpenToOffers(auth.profileId, input);
      return changed(auth.profileId);
    },

    async closeOpenToOffers(auth: AuthContext): Promise<Cv> {
      await requirePlayer(auth);
      if (!(await repo.removeOpenToOffers(auth.profileId))) {
        throw new AppError('not_found', MESSAGES.cv.openNotOpen);
      }
      return changed(auth.profileId);
    },

    ofUsername: (username: string, viewerId: string | null): Promise<Cv> =>
      load({ username }, viewerId),

    async updateAthlete(
      auth: AuthContext,
      patch: z.output<typeof athleteProfilePatchSchema>,
    ): Promise<Cv> {
      await requirePlayer(auth);
      if (patch.birthdate !== undefined) {
        refuseBirthdateChange(await repo.birthdateOf(auth.profileId), patch.birthdate);
      }
      await repo.upsertAthlete(auth.profileId, patch);
      return changed(auth.profileId);
    },

    async addCareer(
      auth: AuthContext,
      entry: z.output<typeof careerEntryInputSchema>,
    ): Promise<Cv> {
      await requirePlayer(auth);
      if ((await repo.countCareer(auth.profileId)) >= CV_LIMITS.careerEntries) {
        throw new AppError('bad_request', MESSAGES.cv.tooManyCareerEntries);
      }
      await repo.addCareer(auth.profileId, entry);
      return changed(auth.profileId);
    },

    async updateCareer(
      auth: AuthContext,
      id: string,
      entry: z.output<typeof careerEntryInputSchema>,
    ): Promise<Cv> {
      await requirePlayer(auth);
      if (!(await repo.updateCareer(auth.profileId, id, entry))) throw notFound();
      return changed(auth.profileId);
    },

    async deleteCareer(auth: AuthContext, id: string): Promise<Cv> {
      await requirePlayer(auth);
      if (!(await repo.deleteCareer(auth.profileId, id))) throw notFound();
      return changed(auth.profileId);
    },

    async addAward(auth: AuthContext, award: z.output<typeof awardInputSchema>): Promise<Cv> {
      await requirePlayer(auth);
      if ((await repo.countAwards(auth.profileId)) >= CV_LIMITS.awards) {
        throw new AppError('bad_request', MESSAGES.cv.tooManyAwards);
      }
      await repo.addAward(auth.profileId, award);
      return changed(auth.profileId);
    },

    async updateAward(
      auth: AuthContext,
      id: string,
      award: z.output<typeof awardInputSchema>,
    ): Promise<Cv> {
      await requirePlayer(auth);
      if (!(await repo.updateAward(auth.profileId, id, award))) throw notFound();
      return changed(auth.profileId);
    },

    async deleteAward(auth: AuthContext, id: string): Promise<Cv> {
      await requirePlayer(auth);
      if (!(await repo.deleteAward(auth.profileId, id))) throw notFound();
      return changed(auth.profileId);
    },
  };
}
