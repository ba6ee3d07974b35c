import { z } from 'zod';

import {
  LISTING_LIMITS,
  SCHOLARSHIP_COVERAGES,
  SCHOLARSHIP_LEVELS,
  type ScholarshipCoverage,
  type ScholarshipLevel,
  SPORTS,
} from './constants.ts';
import { OFFER_CLOSED_REASONS } from './offer.schema.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';
import { sportSchema } from './sport.schema.ts';

const L = LISTING_LIMITS;
/** A scholarship's places are an offer's (`athlete_offers.places`, 1 to 999). */
const PLACES_MAX = 999;

/** Every word the scholarships screens and the server say about scholarships (issue 27). */
export const SCHOLARSHIP_MESSAGES = {
  verificationRequired:
    'Verification Required: Your account must be verified to post scholarships.',
  accessDenied: 'Access Denied: Only agents, clubs, and coaches can post scholarships.',
  posted: 'Your scholarship has been posted!',
  updated: 'Your scholarship has been updated',
  closed: 'The scholarship is closed to new applications',
  reopened: 'The scholarship takes applications again',
  deleted: 'Scholarship deleted',
  notFound: 'Scholarship not found',
  notYours: 'You can only change your own scholarships',
  deleteOthers: 'You can only delete your own scholarships',
  reopenPastDeadline: 'The deadline has passed: set a later deadline to reopen this scholarship.',
  titleRequired: 'Scholarship title is required',
  institutionRequired: 'Institution is required',
  sportRequired: 'Please select a sport',
  countryRequired: 'Country is required',
  levelRequired: 'Please select a level',
  coverageRequired: 'Please select what the scholarship covers',
  descriptionRequired: 'Description is required',
  deadlineRequired: 'The deadline is required and must be in the future',
  placesInvalid: `Number available must be a whole number from 1 to ${PLACES_MAX}`,
  agesInvalid: `Ages must be whole numbers from ${L.ageMin} to ${L.ageMax}, the youngest first`,
  tooLong: 'This field is too long',
  noScholarships: 'No open scholarships match these filters',
  mineSignIn: 'Sign in to see the scholarships you posted',
  /** Why it takes no applications (`closedReason`), on its page and when an application is refused. */
  closedReasons: {
    closed: 'This scholarship is closed: it no longer takes applications.',
    deadline: 'The deadline for this scholarship has passed: it no longer takes applications.',
    full: 'Every place on this scholarship is taken: it no longer takes applications.',
  },
} as const;
const m = SCHOLARSHIP_MESSAGES;

/**
 * A notification's `detail` when its subject is a scholarship (an application to one, or a
 * change to one): its sentence says scholarship, and its link leads to `/scholarships/{id}`.
 */
export const SCHOLARSHIP_NOTICE_DETAIL = 'scholarship';

export const SCHOLARSHIP_LEVEL_LABELS: Record<ScholarshipLevel, string> = {
  'high-school': 'High school',
  'ncaa-d1': 'NCAA Division I',
  'ncaa-d2': 'NCAA Division II',
  'ncaa-d3': 'NCAA Division III',
  naia: 'NAIA',
  'junior-college': 'Junior college',
  university: 'University',
  academy: 'Academy',
};

export const SCHOLARSHIP_COVERAGE_LABELS: Record<ScholarshipCoverage, string> = {
  full: 'Full scholarship',
  partial: 'Partial scholarship',
  tuition: 'Tuition',
  housing: 'Housing',
};

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, m.tooLong);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

const age = z
  .number({ error: m.agesInvalid })
  .int(m.agesInvalid)
  .min(L.ageMin, m.agesInvalid)
  .max(L.ageMax, m.agesInvalid)
  .nullable()
  .default(null);

/** A scholarship as its institution writes it; the server checks it again on every write. */
export const createScholarshipSchema = z
  .object({
    title: text(L.title, m.titleRequired),
    institution: text(L.name, m.institutionRequired),
    sport: sportSchema(m.sportRequired),
    country: text(L.place, m.countryRequired),
    level: z.enum(SCHOLARSHIP_LEVELS, { error: m.levelRequired }),
    coverage: z.enum(SCHOLARSHIP_COVERAGES, { error: m.coverageRequired }),
    /** What it is worth, as the institution writes it ("$12,000 a year"). */
    amount: optionalText(L.name),
    places: z
      .number({ error: m.placesInvalid })
      .int(m.placesInvalid)
      .min(1, m.placesInvalid)
      .max(PLACES_MAX, m.placesInvalid),
    ageMin: age,
    ageMax: age,
    academicRequirements: optionalText(L.text),
    /** Eligible positions; none: any position. */
    positions: optionalText(L.short),
    /** After this moment it takes no more applications. */
    deadline: z.iso
      .datetime({ offset: true, error: m.deadlineRequired })
      .refine((value) => Date.parse(value) > Date.now(), m.deadlineRequired),
    description: text(L.description, m.descriptionRequired),
    howToApply: optionalText(L.text),
  })
  .superRefine((scholarship, ctx) => {
    const { ageMin, ageMax } = scholarship;
    if (ageMin !== null && ageMax !== null && ageMin > ageMax) {
      ctx.addIssue({ code: 'custom', path: ['ageMax'], message: m.agesInvalid });
    }
  });
export type CreateScholarshipInput = z.input<typeof createScholarshipSchema>;
export type ScholarshipInput = z.output<typeof createScholarshipSchema>;

export const scholarshipSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  institution: z.string(),
  sport: z.enum(SPORTS),
  country: z.string(),
  level: z.enum(SCHOLARSHIP_LEVELS),
  coverage: z.enum(SCHOLARSHIP_COVERAGES),
  amount: z.string().nullable(),
  places: z.number().int(),
  /** Athletes signed so far: once they fill the places it takes no more applications. */
  signedCount: z.number().int(),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  academicRequirements: z.string().nullable(),
  positions: z.string().nullable(),
  deadline: z.iso.datetime(),
  description: z.string(),
  howToApply: z.string().nullable(),
  applicationCount: z.number().int(),
  createdAt: z.iso.datetime(),
  poster: profileSummarySchema,
  /** The poster is no longer verified: hidden from the list, closed to applications. */
  paused: z.boolean(),
  /** Has the viewer applied? False for visitors. */
  appliedByMe: z.boolean(),
  /** Null while it takes applications. */
  closedReason: z.enum(OFFER_CLOSED_REASONS).nullable(),
  /** The viewer may edit, close and delete it and see its applications (its poster, or an admin). */
  canManage: z.boolean(),
});
export type Scholarship = z.infer<typeof scholarshipSchema>;
export const scholarshipPageSchema = pageSchema(scholarshipSchema);
export type ScholarshipPage = z.infer<typeof scholarshipPageSchema>;

/**
 * `/api/scholarships`: open scholarships, the soonest deadline first; filters combine. With
 * `mine`, the caller's own in every state (closed, past their deadline, full, paused).
 */
export const scholarshipsQuerySchema = z.object({
  mine: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  sport: z.enum(SPORTS).optional(),
  /** Matched whole, whatever the case. */
  country: z.string().trim().min(1).max(L.place).optional(),
  level: z.enum(SCHOLARSHIP_LEVELS).optional(),
  coverage: z.enum(SCHOLARSHIP_COVERAGES).optional(),
  cursor: z.string().max(300).optional(),
});

/** Close it to new applications, or open it again. */
export const scholarshipStateSchema = z.object({ closed: z.boolean() });
