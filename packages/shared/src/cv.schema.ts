import { z } from 'zod';

import {
  AVAILABILITY_STATUSES,
  CAREER_ROLE_DEFAULT,
  CONTRACT_TYPES,
  SEXES,
  SPORTS,
} from './constants.ts';
import { CV_LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const m = MESSAGES.cv;

/** Optional free text: trimmed, blank becomes null, bounded. */
function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

function isRealDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A calendar date (YYYY-MM-DD) that exists, e.g. not 2023-02-30. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine(isRealDate, m.dateInvalid);

const birthdateSchema = calendarDate
  .refine((value) => value <= today(), m.birthdateFuture)
  .refine((value) => value >= CV_LIMITS.birthdateEarliest, m.birthdateTooOld);

export const athleteProfileSchema = z.object({
  sport: z.enum(SPORTS, { error: m.sportInvalid }).nullable(),
  mainPosition: optionalText(CV_LIMITS.shortText, m.positionMax),
  otherPositions: optionalText(CV_LIMITS.mediumText, m.otherPositionsMax),
  heightCm: z
    .number({ error: m.heightRange })
    .int(m.heightRange)
    .min(CV_LIMITS.heightCmMin, m.heightRange)
    .max(CV_LIMITS.heightCmMax, m.heightRange)
    .nullable(),
  weightKg: z
    .number({ error: m.weightRange })
    .min(CV_LIMITS.weightKgMin, m.weightRange)
    .max(CV_LIMITS.weightKgMax, m.weightRange)
    .transform((value) => Math.round(value * 10) / 10)
    .nullable(),
  armSpan: optionalText(CV_LIMITS.armSpan, m.armSpanMax),
  birthdate: birthdateSchema.nullable(),
  sex: z.enum(SEXES, { error: m.sexInvalid }).nullable(),
  nationalities: optionalText(CV_LIMITS.mediumText, m.nationalitiesMax),
  /** Where the athlete lives now, as typed (like nationalities): a scout filter (issue 24). */
  country: optionalText(CV_LIMITS.country, m.countryMax),
  city: optionalText(CV_LIMITS.city, m.cityMax),
  aboutPlayer: optionalText(CV_LIMITS.about, m.aboutMax),
  availabilityStatus: z.enum(AVAILABILITY_STATUSES, { error: m.availabilityInvalid }).nullable(),
});
export type AthleteProfile = z.output<typeof athleteProfileSchema>;

/** Saving a CV section sends only that section's fields. */
export const athleteProfilePatchSchema = athleteProfileSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, m.nothingToSave);
export type AthleteProfilePatch = z.input<typeof athleteProfilePatchSchema>;

export const careerEntryInputSchema = z.object({
  season: z
    .string({ error: m.seasonRequired })
    .trim()
    .min(1, m.seasonRequired)
    .max(CV_LIMITS.season, m.seasonMax),
  teamName: z
    .string({ error: m.teamRequired })
    .trim()
    .min(1, m.teamRequired)
    .max(CV_LIMITS.shortText * 2, m.teamMax),
  role: z
    .string()
    .trim()
    .max(CV_LIMITS.shortText, m.roleMax)
    .transform((value) => (value === '' ? CAREER_ROLE_DEFAULT : value))
    .default(CAREER_ROLE_DEFAULT),
});
export type CareerEntryInput = z.input<typeof careerEntryInputSchema>;

const careerEntrySchema = z.object({
  id: z.uuid(),
  season: z.string(),
  teamName: z.string(),
  role: z.string(),
});
export type CareerEntry = z.infer<typeof careerEntrySchema>;

export const awardInputSchema = z.object({
  title: z
    .string({ error: m.awardTitleRequired })
    .trim()
    .min(1, m.awardTitleRequired)
    .max(CV_LIMITS.title, m.awardTitleMax),
  description: optionalText(CV_LIMITS.description, m.awardDescriptionMax).default(null),
  awardDate: calendarDate
    .refine((value) => value <= today(), m.awardDateFuture)
    .nullable()
    .default(null),
});
export type AwardInput = z.input<typeof awardInputSchema>;

const awardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  awardDate: z.string().nullable(),
});
export type Award = z.infer<typeof awardSchema>;

/** The CV as the API returns it: plain values, no input rules. */
export const athleteProfileOutputSchema = z.object({
  sport: z.enum(SPORTS).nullable(),
  mainPosition: z.string().nullable(),
  otherPositions: z.string().nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  armSpan: z.string().nullable(),
  /** The exact date only for the CV's owner (issue 25): everyone else sees the age. */
  birthdate: z.string().nullable(),
  /** Whole years from the birthdate; null when none is given. */
  age: z.number().int().nullable(),
  sex: z.enum(SEXES).nullable(),
  nationalities: z.string().nullable(),
  country: z.string().nullable(),
  /** A minor's only for themself, verified organisations and admins (decision 0044). */
  city: z.string().nullable(),
  aboutPlayer: z.string().nullable(),
  availabilityStatus: z.enum(AVAILABILITY_STATUSES).nullable(),
});

/** A CV with nothing filled in yet. */
export const EMPTY_ATHLETE_PROFILE: z.infer<typeof athleteProfileOutputSchema> = {
  sport: null,
  mainPosition: null,
  otherPositions: null,
  heightCm: null,
  weightKg: null,
  armSpan: null,
  birthdate: null,
  age: null,
  sex: null,
  nationalities: null,
  country: null,
  city: null,
  aboutPlayer: null,
  availabilityStatus: null,
};

/** Who sees that an athlete is open to offers: everyone, or verified organisations only. */
export const OFFER_VISIBILITIES = ['everyone', 'verified'] as const;
export type OfferVisibility = (typeof OFFER_VISIBILITIES)[number];
export const OFFER_VISIBILITY_LABELS: Record<OfferVisibility, string> = {
  everyone: 'Everyone',
  verified: 'Verified clubs, agents and coaches only',
};

/** `PUT /api/me/open-to-offers` (issue 24): the kinds of contract wanted, who sees it, when the current one ends. */
export const openToOffersInputSchema = z.object({
  visibility: z.enum(OFFER_VISIBILITIES, { error: m.openVisibilityInvalid }),
  contractTypes: z
    .array(z.enum(CONTRACT_TYPES, { error: m.contractTypeInvalid }), {
      error: m.contractTypesRequired,
    })
    .min(1, m.contractTypesRequired)
    .max(CONTRACT_TYPES.length, m.contractTypesRepeated)
    .refine((types) => new Set(types).size === types.length, m.contractTypesRepeated),
  contractEndsOn: calendarDate
    .refine((value) => value >= today(), m.contractEndsPast)
    .nullable()
    .default(null),
});
export type OpenToOffersInput = z.input<typeof openToOffersInputSchema>;

const openToOffersSchema = z.object({
  visibility: z.enum(OFFER_VISIBILITIES),
  contractTypes: z.array(z.enum(CONTRACT_TYPES)),
  contractEndsOn: z.string().nullable(),
});
export type OpenToOffers = z.infer<typeof openToOffersSchema>;

export const cvSchema = z.object({
  athlete: athleteProfileOutputSchema,
  career: z.array(careerEntrySchema),
  awards: z.array(awardSchema),
  /**
   * Open to offers, to those the athlete lets see it (the athlete always); null when not open
   * or not for this reader.
   */
  openToOffers: openToOffersSchema.nullable(),
  /** Rounded percent from `cvFillRate`, counting the profile's name, bio and avatar too. */
  fillRate: z.number().int().min(0).max(100),
});
export type Cv = z.infer<typeof cvSchema>;

export const idParamSchema = z.object({ id: z.uuid({ error: MESSAGES.notFound }) });
