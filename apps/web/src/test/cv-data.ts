import { EMPTY_ATHLETE_PROFILE } from '@arena/shared/cv.schema';
import type { Cv } from '@arena/shared/cv.schema';

/** An athlete CV with nothing filled in, as the server sends it for a new profile. */
export function emptyCv(fillRate = 6): Cv {
  return {
    athlete: { ...EMPTY_ATHLETE_PROFILE, sex: null },
    career: [],
    awards: [],
    openToOffers: null,
    fillRate,
  };
}
