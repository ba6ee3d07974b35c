import { z } from 'zod';

import { emailSchema, fullNameSchema } from './auth.schema.ts';
import {
  APPLICATION_STAGES,
  applicationNoteListSchema,
  PIPELINE_MESSAGES,
  stageEventSchema,
} from './application.schema.ts';
import { CONTRACT_TYPES, SPORTS } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';
import { sportSchema } from './sport.schema.ts';

const o = MESSAGES.offer;
const a = MESSAGES.application;

function required(max: number, message: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, o.tooLong);
}

function optional(max: number) {
  return z
    .string()
    .trim()
    .max(max, o.tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);
}

const OFFER_LIMITS = {
  title: 120,
  organization: 120,
  location: 120,
  league: 60,
  positions: 200,
  salary: 100,
  text: 5000,
} as const;

export const createOfferSchema = z.object({
  title: required(OFFER_LIMITS.title, o.titleRequired),
  organizationName: required(OFFER_LIMITS.organization, o.organizationRequired),
  location: required(OFFER_LIMITS.location, o.locationRequired),
  leagueLevel: optional(OFFER_LIMITS.league),
  sport: sportSchema(o.sportRequired),
  positions: required(OFFER_LIMITS.positions, o.positionsRequired),
  contractType: z.enum(CONTRACT_TYPES, { error: o.contractRequired }),
  salary: required(OFFER_LIMITS.salary, o.salaryRequired),
  description: required(OFFER_LIMITS.text, o.descriptionRequired),
  requirements: optional(OFFER_LIMITS.text),
  /** After this moment the offer takes no more applications. */
  deadline: z.iso
    .datetime({ offset: true, error: PIPELINE_MESSAGES.deadlinePast })
    .nullable()
    .default(null)
    .refine(
      (value) => value === null || Date.parse(value) > Date.now(),
      PIPELINE_MESSAGES.deadlinePast,
    ),
  /** How many athletes the offer signs; once that many are signed it takes no more. */
  places: z
    .number({ error: PIPELINE_MESSAGES.placesInvalid })
    .int(PIPELINE_MESSAGES.placesInvalid)
    .min(1, PIPELINE_MESSAGES.placesInvalid)
    .max(999, PIPELINE_MESSAGES.placesInvalid)
    .nullable()
    .default(null),
});
export type CreateOfferInput = z.input<typeof createOfferSchema>;

/** Why an offer takes no applications: closed by its poster, past its deadline, or full. */
export const OFFER_CLOSED_REASONS = ['closed', 'deadline', 'full'] as const;

export const offerSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  organizationName: z.string(),
  location: z.string(),
  leagueLevel: z.string().nullable(),
  sport: z.enum(SPORTS),
  positions: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  salary: z.string(),
  description: z.string(),
  requirements: z.string().nullable(),
  applicationCount: z.number().int(),
  createdAt: z.iso.datetime(),
  poster: profileSummarySchema,
  /** The poster is no longer verified: hidden from the grid, closed to applications. */
  paused: z.boolean(),
  /** Has the viewer applied? False for visitors. */
  appliedByMe: z.boolean(),
  deadline: z.iso.datetime().nullable(),
  places: z.number().int().nullable(),
  /** Athletes signed so far (counts against `places`). */
  signedCount: z.number().int(),
  /** Null while the offer takes applications. */
  closedReason: z.enum(OFFER_CLOSED_REASONS).nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerPageSchema = pageSchema(offerSchema);
export type OfferPage = z.infer<typeof offerPageSchema>;

export const offersQuerySchema = z.object({
  sport: z.enum(SPORTS).optional(),
  /** "Show closed": closed and past-deadline offers too. */
  closed: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  cursor: z.string().max(300).optional(),
});

export const myOffersSchema = z.object({
  totalOffers: z.number().int(),
  totalApplications: z.number().int(),
  offers: z.array(offerSchema),
});
export type MyOffers = z.infer<typeof myOffersSchema>;

export const createApplicationSchema = z.object({
  athleteName: fullNameSchema.pipe(z.string().min(1, a.fullNameRequired)),
  email: emailSchema,
  sport: required(60, a.sportRequired),
  currentTeam: optional(120),
  positionRole: required(120, a.positionRequired),
  yearsExperience: z.coerce
    .number({ error: a.experienceInvalid })
    .int(a.experienceInvalid)
    .min(0, a.experienceInvalid)
    .max(80, a.experienceInvalid),
  achievements: optional(2000),
  heightWeight: optional(60),
  availability: required(200, a.availabilityRequired),
  whyInterested: required(2000, a.whyRequired),
  willingToRelocate: z.boolean({ error: a.relocateRequired }),
  desiredContractDuration: z.enum(CONTRACT_TYPES, { error: a.contractRequired }),
  consentPrivacyPolicy: z.literal(true, { error: a.consentRequired }),
  consentDataSharing: z.literal(true, { error: a.consentRequired }),
  /** A CV uploaded just before through `POST /api/cv-uploads`. */
  cvUploadId: z.uuid().nullable().default(null),
});
export type CreateApplicationInput = z.input<typeof createApplicationSchema>;

const applicationSchema = z.object({
  id: z.uuid(),
  offerId: z.uuid(),
  createdAt: z.iso.datetime(),
  /** Where it stands in the pipeline (the spec's `status`). */
  status: z.enum(APPLICATION_STAGES),
  stageChangedAt: z.iso.datetime(),
  hasCv: z.boolean(),
  /** The applicant's athlete CV, how complete (0–100). */
  cvFillRate: z.number().int().min(0).max(100),
  noteCount: z.number().int(),
  athleteName: z.string(),
  email: z.string(),
  sport: z.string(),
  currentTeam: z.string().nullable(),
  positionRole: z.string(),
  yearsExperience: z.number().int(),
  achievements: z.string().nullable(),
  heightWeight: z.string().nullable(),
  availability: z.string(),
  whyInterested: z.string(),
  willingToRelocate: z.boolean(),
  desiredContractDuration: z.enum(CONTRACT_TYPES),
  applicant: z.object({ id: z.uuid(), username: z.string(), avatarUrl: z.string().nullable() }),
  offer: z.object({ id: z.uuid(), title: z.string(), organizationName: z.string() }),
});
export type Application = z.infer<typeof applicationSchema>;
export const applicationListSchema = z.array(applicationSchema);

/** One application as its poster opens it: its history and the poster's private notes. */
export const applicationDetailSchema = applicationSchema.extend({
  history: z.array(stageEventSchema),
  notes: applicationNoteListSchema,
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const cvUploadSchema = z.object({ id: z.uuid(), fileName: z.string() });
export const signedUrlSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type SignedUrl = z.infer<typeof signedUrlSchema>;
