import { z } from 'zod';

import { AVAILABILITY_STATUSES, CONTRACT_TYPES, SEXES, SPORTS } from './constants.ts';
import { CV_LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';

const m = MESSAGES.scout;

/** Ages a scout can ask for: the policy's minimum age to a veteran's. */
export const SCOUT_AGE = { min: 13, max: 60 } as const;

export const SCOUT_SORTS = ['relevance', 'activity', 'completeness'] as const;
export type ScoutSort = (typeof SCOUT_SORTS)[number];
export const SCOUT_SORT_LABELS: Record<ScoutSort, string> = {
  relevance: 'Best match',
  activity: 'Newest activity',
  completeness: 'Most complete CV',
};

/** An optional whole number from the query string, within bounds. */
const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional();

/** A query-string switch: only `true` turns it on. */
const flag = z
  .enum(['true', 'false'], { error: MESSAGES.invalidRequest })
  .transform((value) => value === 'true')
  .optional();

/** Blank text is no filter. */
const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/**
 * `GET /api/scout/athletes` (issue 24): every filter optional, ranges as min and max; the same
 * names in /scout's URL, so a search can be shared.
 */
export const scoutQuerySchema = z
  .object({
    sport: z.enum(SPORTS, { error: MESSAGES.cv.sportInvalid }).optional(),
    position: text(CV_LIMITS.shortText, m.textTooLong),
    ageMin: whole(SCOUT_AGE.min, SCOUT_AGE.max, m.ageRange),
    ageMax: whole(SCOUT_AGE.min, SCOUT_AGE.max, m.ageRange),
    heightMin: whole(CV_LIMITS.heightCmMin, CV_LIMITS.heightCmMax, MESSAGES.cv.heightRange),
    heightMax: whole(CV_LIMITS.heightCmMin, CV_LIMITS.heightCmMax, MESSAGES.cv.heightRange),
    weightMin: whole(CV_LIMITS.weightKgMin, CV_LIMITS.weightKgMax, MESSAGES.cv.weightRange),
    weightMax: whole(CV_LIMITS.weightKgMin, CV_LIMITS.weightKgMax, MESSAGES.cv.weightRange),
    nationality: text(CV_LIMITS.shortText, m.textTooLong),
    /** Where the athlete lives: each the whole name, whatever the case (decision 0044). */
    country: text(CV_LIMITS.country, m.textTooLong),
    city: text(CV_LIMITS.city, m.textTooLong),
    sex: z.enum(SEXES, { error: MESSAGES.cv.sexInvalid }).optional(),
    available: flag,
    open: flag,
    q: text(100, m.textTooLong),
    sort: z.enum(SCOUT_SORTS, { error: MESSAGES.invalidRequest }).default('relevance'),
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine((q) => q.ageMin === undefined || q.ageMax === undefined || q.ageMin <= q.ageMax, {
    message: m.rangeReversed,
    path: ['ageMax'],
  })
  .refine(
    (q) => q.heightMin === undefined || q.heightMax === undefined || q.heightMin <= q.heightMax,
    { message: m.rangeReversed, path: ['heightMax'] },
  )
  .refine(
    (q) => q.weightMin === undefined || q.weightMax === undefined || q.weightMin <= q.weightMax,
    { message: m.rangeReversed, path: ['weightMax'] },
  );
export type ScoutQuery = z.output<typeof scoutQuerySchema>;

/** One athlete as a scout scans them. */
const scoutCardSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  sport: z.enum(SPORTS).nullable(),
  mainPosition: z.string().nullable(),
  otherPositions: z.string().nullable(),
  age: z.number().int().nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  nationalities: z.string().nullable(),
  country: z.string().nullable(),
  /** A minor's too: scout search is for verified organisations and admins only. */
  city: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  availabilityStatus: z.enum(AVAILABILITY_STATUSES).nullable(),
  /** The team of the latest season on the CV. */
  lastClub: z.string().nullable(),
  /** The kinds of contract wanted, when the athlete is open to offers (to this reader). */
  openTo: z.array(z.enum(CONTRACT_TYPES)).nullable(),
  cvFillRate: z.number().int().min(0).max(100),
});
export type ScoutCard = z.infer<typeof scoutCardSchema>;
export const scoutPageSchema = pageSchema(scoutCardSchema);
export type ScoutPage = z.infer<typeof scoutPageSchema>;

/** Saved searches (issue 24): at most this many an account, each with a name this long. */
export const SAVED_SEARCH_LIMITS = { perAccount: 20, name: 60 } as const;

/** The names of /scout's URL a saved search keeps: every filter and the sort, never the page. */
export const SCOUT_FILTER_KEYS = Object.keys(scoutQuerySchema.shape).filter(
  (key) => key !== 'cursor' && key !== 'limit',
);

const savedNameSchema = z
  .string({ error: m.savedNameRequired })
  .trim()
  .min(1, m.savedNameRequired)
  .max(SAVED_SEARCH_LIMITS.name, m.savedNameTooLong);

/**
 * A search to keep: its name, /scout's query string (`sport=football&position=winger`), and
 * whether new matches alert. The server checks the query as a search and keeps it canonical.
 */
export const createSavedSearchSchema = z.strictObject({
  name: savedNameSchema,
  query: z.string({ error: m.savedFiltersRequired }).max(2000, m.textTooLong),
  alerts: z.boolean({ error: 'Alerts must be on or off.' }).default(true),
});
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;

/** A rename, or alerts turned on or off. */
export const updateSavedSearchSchema = z
  .strictObject({
    name: savedNameSchema.optional(),
    alerts: z.boolean({ error: 'Alerts must be on or off.' }).optional(),
  })
  .refine((change) => change.name !== undefined || change.alerts !== undefined, {
    message: MESSAGES.cv.nothingToSave,
  });
export type UpdateSavedSearch = z.infer<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** /scout's query string, canonical: open it as `/scout?{query}`. */
  query: z.string(),
  alerts: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** Every saved search of the account, newest first (20 at most: no paging). */
export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;
