import type { z } from 'zod';

import {
  EMPTY_ATHLETE_PROFILE,
  type Cv,
  type athleteProfilePatchSchema,
  type awardInputSchema,
  type careerEntryInputSchema,
} from '@arena/shared/cv.schema';
import { cvFillRate } from '@arena/shared/cv-fill-rate';
import { CV_LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { CvRepository } from './cv.repository.ts';

export type CvService = ReturnType<typeof createCvService>;

/** Only the owner changes a CV: every write below is scoped to the caller's own profile. */
export function createCvService(repo: CvRepository, bus: EventBus) {
  async function load(owner: { id: string } | { username: string }): Promise<Cv> {
    const found = await repo.load(owner);
    if (!found) throw new AppError('not_found', MESSAGES.profileNotFound);
    const { athlete, career, awards } = found;
    const values = athlete ?? EMPTY_ATHLETE_PROFILE;
    return {
      athlete: { ...values, sex: values.sex as Cv['athlete']['sex'] },
      career,
      awards,
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

  const notFound = () => new AppError('not_found', MESSAGES.cv.entryNotFound);

  /** Tells the profile's listeners, then returns the CV as it now is. */
  async function changed(profileId: string): Promise<Cv> {
    await bus.publish({ type: 'profile.updated', topic: `profile:${profileId}`, profileId });
    return load({ id: profileId });
  }

  return {
    ofProfile: (profileId: string) => load({ id: profileId }),

    ofUsername: (username: string): Promise<Cv> => load({ username }),

    async updateAthlete(
      auth: AuthContext,
      patch: z.output<typeof athleteProfilePatchSchema>,
    ): Promise<Cv> {
      await repo.upsertAthlete(auth.profileId, patch);
      return changed(auth.profileId);
    },

    async addCareer(
      auth: AuthContext,
      entry: z.output<typeof careerEntryInputSchema>,
    ): Promise<Cv> {
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
      if (!(await repo.updateCareer(auth.profileId, id, entry))) throw notFound();
      return changed(auth.profileId);
    },

    async deleteCareer(auth: AuthContext, id: string): Promise<Cv> {
      if (!(await repo.deleteCareer(auth.profileId, id))) throw notFound();
      return changed(auth.profileId);
    },

    async addAward(auth: AuthContext, award: z.output<typeof awardInputSchema>): Promise<Cv> {
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
      if (!(await repo.updateAward(auth.profileId, id, award))) throw notFound();
      return changed(auth.profileId);
    },

    async deleteAward(auth: AuthContext, id: string): Promise<Cv> {
      if (!(await repo.deleteAward(auth.profileId, id))) throw notFound();
      return changed(auth.profileId);
    },
  };
}
