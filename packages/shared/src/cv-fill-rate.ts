/**
 * How complete a profile's athlete CV is, as a rounded percent (spec section 9).
 * Each present field adds its weight; the result is the weighted share of the total.
 */
const CV_WEIGHTS = {
  fullName: 1,
  bio: 1,
  avatar: 1,
  sport: 1,
  mainPosition: 1,
  heightCm: 1,
  weightKg: 1,
  birthdate: 1,
  sex: 1,
  nationalities: 1,
  aboutPlayer: 1,
  availabilityStatus: 1,
  otherPositions: 0.5,
  armSpan: 0.5,
  careerHistory: 2,
  awards: 1.5,
} as const;

export const CV_WEIGHT_TOTAL = Object.values(CV_WEIGHTS).reduce((sum, weight) => sum + weight, 0);

export interface CvFillInput {
  fullName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  athlete: {
    sport: string | null;
    mainPosition: string | null;
    otherPositions: string | null;
    heightCm: number | null;
    weightKg: number | null;
    armSpan: string | null;
    birthdate: string | null;
    sex: string | null;
    nationalities: string | null;
    aboutPlayer: string | null;
    availabilityStatus: string | null;
  } | null;
  careerCount: number;
  awardsCount: number;
}

const present = (value: string | number | null | undefined) =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && value.trim() !== '';

export function cvFillRate(input: CvFillInput): number {
  const a = input.athlete;
  const parts: [keyof typeof CV_WEIGHTS, boolean][] = [
    ['fullName', present(input.fullName)],
    ['bio', present(input.bio)],
    ['avatar', present(input.avatarUrl)],
    ['sport', present(a?.sport)],
    ['mainPosition', present(a?.mainPosition)],
    ['heightCm', present(a?.heightCm)],
    ['weightKg', present(a?.weightKg)],
    ['birthdate', present(a?.birthdate)],
    ['sex', present(a?.sex)],
    ['nationalities', present(a?.nationalities)],
    ['aboutPlayer', present(a?.aboutPlayer)],
    ['availabilityStatus', present(a?.availabilityStatus)],
    ['otherPositions', present(a?.otherPositions)],
    ['armSpan', present(a?.armSpan)],
    ['careerHistory', input.careerCount > 0],
    ['awards', input.awardsCount > 0],
  ];
  const earned = parts.reduce((sum, [key, has]) => sum + (has ? CV_WEIGHTS[key] : 0), 0);
  return Math.round((earned / CV_WEIGHT_TOTAL) * 100);
}

export type CvFillBand = 'incomplete' | 'almost-there' | 'great';

/** Under 50 prompts completion; 50 to 79 is almost there; 80 or more is great. */
export function cvFillBand(percent: number): CvFillBand {
  if (percent >= 80) return 'great';
  if (percent >= 50) return 'almost-there';
  return 'incomplete';
}
