import { z } from 'zod';

import {
  CAMP_LEVELS,
  CAMP_REGISTRATION_STATUSES,
  type CampLevel,
  CURRENCIES,
  LISTING_LIMITS,
  SPORTS,
} from './constants.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';
import { sportSchema } from './sport.schema.ts';

const L = LISTING_LIMITS;

/**
 * The longest a camp lasts, first and last day included. Bounded so that the upcoming list can
 * start its read at the earliest start a camp still under way can have.
 */
export const CAMP_MAX_DAYS = 90;

/** Every word the camps screens and the server say about camps (issue 27). */
export const CAMP_MESSAGES = {
  verificationRequired: 'Verification Required: Your account must be verified to post camps.',
  accessDenied: 'Access Denied: Only agents, clubs, and coaches can post camps.',
  posted: 'Your camp has been posted!',
  updated: 'Your camp has been updated',
  cancelled: 'The camp was cancelled and everyone registered was told',
  deleted: 'Camp deleted',
  notFound: 'Camp not found',
  notYours: 'Only the camp’s organiser can do that',
  titleRequired: 'Camp title is required',
  sportRequired: 'Please select a sport',
  organizerRequired: 'Organiser is required',
  descriptionRequired: 'Description is required',
  contactRequired: 'Contact is required',
  placeRequired: 'Venue, city and country are required for a camp that is not online',
  levelRequired: 'Please select a level',
  tooLong: 'This field is too long',
  dateInvalid: 'Please enter a valid date',
  startInPast: 'The camp must start in the future',
  endBeforeStart: 'The camp cannot end before it starts',
  deadlineInvalid: 'The registration deadline must be in the future and before the camp starts',
  agesInvalid: `Ages must be whole numbers from ${L.ageMin} to ${L.ageMax}, the youngest first`,
  capacityInvalid: `Capacity must be a whole number from 1 to ${L.capacityMax.toLocaleString('en')}`,
  capacityBelowBooked: 'Capacity cannot be less than the places already booked',
  priceInvalid: `Price must be from 0 to ${L.priceMax.toLocaleString('en')}, with at most two decimals`,
  currencyRequired: 'Please select the currency of the price',
  registered: 'Your interest is registered',
  booked: 'Your place is booked',
  waitlisted: 'The camp is full: you are on the waiting list',
  registrationCancelled: 'Your registration is cancelled',
  alreadyRegistered: 'You are already registered for this camp',
  notRegistered: 'You are not registered for this camp',
  closedCancelled: 'This camp was cancelled',
  closedStarted: 'This camp has already started',
  closedDeadline: 'Registration for this camp has closed',
  closedPaused: 'This camp is paused while its organiser is not verified',
  ownCamp: 'You cannot register for your own camp',
  monthInvalid: 'Choose a month as YYYY-MM',
  ageFilterInvalid: `Age must be a whole number from ${L.ageMin} to ${L.ageMax}`,
  priceFilterInvalid: 'Choose free, or a maximum price as a whole number',
  tooManyDays: `A camp lasts at most ${CAMP_MAX_DAYS} days`,
  imageMissing: 'That upload no longer exists. Please attach the photo again.',
  imageNotPhoto: 'A camp’s image must be a photo',
} as const;
const m = CAMP_MESSAGES;

export const CAMP_LEVEL_LABELS: Record<CampLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  elite: 'Elite',
  'all-levels': 'All levels',
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

/** A calendar day, `YYYY-MM-DD`, that exists. */
const day = z
  .string({ error: m.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, m.dateInvalid);

const age = z
  .number({ error: m.agesInvalid })
  .int(m.agesInvalid)
  .min(L.ageMin, m.agesInvalid)
  .max(L.ageMax, m.agesInvalid)
  .nullable()
  .default(null);

/** How many days a camp from `startsOn` to `endsOn` lasts, both included. */
const campDays = (startsOn: string, endsOn: string) =>
  (Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / 86_400_000 + 1;

/** Today as the server's calendar (UTC) has it: a camp must start after it. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * A camp as its organiser writes it. The price is in the currency's major unit (`49.5` is
 * €49.50); 0 is free, and a free camp has no currency.
 */
export const createCampSchema = z
  .object({
    title: text(L.title, m.titleRequired),
    sport: sportSchema(m.sportRequired),
    organizer: text(L.name, m.organizerRequired),
    description: text(L.description, m.descriptionRequired),
    online: z.boolean().default(false),
    venue: optionalText(L.venue),
    city: optionalText(L.place),
    country: optionalText(L.place),
    startsOn: day,
    endsOn: day,
    ageMin: age,
    ageMax: age,
    level: z.enum(CAMP_LEVELS, { error: m.levelRequired }),
    price: z
      .number({ error: m.priceInvalid })
      .min(0, m.priceInvalid)
      .max(L.priceMax, m.priceInvalid)
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), m.priceInvalid)
      .default(0),
    currency: z.enum(CURRENCIES, { error: m.currencyRequired }).nullable().default(null),
    capacity: z
      .number({ error: m.capacityInvalid })
      .int(m.capacityInvalid)
      .min(1, m.capacityInvalid)
      .max(L.capacityMax, m.capacityInvalid),
    /** After this moment no one registers; null: until the camp starts. */
    registrationDeadline: z.iso
      .datetime({ offset: true, error: m.deadlineInvalid })
      .nullable()
      .default(null),
    whatToBring: optionalText(L.text),
    contact: text(L.short, m.contactRequired),
    /** A photo uploaded just before, as a post's photo is (`POST /api/media`). */
    imageUploadId: z.uuid().nullable().default(null),
  })
  .superRefine((camp, ctx) => {
    if (!camp.online && (!camp.venue || !camp.city || !camp.country)) {
      ctx.addIssue({ code: 'custom', path: ['venue'], message: m.placeRequired });
    }
    if (camp.startsOn <= todayIso()) {
      ctx.addIssue({ code: 'custom', path: ['startsOn'], message: m.startInPast });
    }
    if (camp.endsOn < camp.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: m.endBeforeStart });
    } else if (campDays(camp.startsOn, camp.endsOn) > CAMP_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: m.tooManyDays });
    }
    if (camp.ageMin !== null && camp.ageMax !== null && camp.ageMin > camp.ageMax) {
      ctx.addIssue({ code: 'custom', path: ['ageMax'], message: m.agesInvalid });
    }
    if (camp.price > 0 && camp.currency === null) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: m.currencyRequired });
    }
    if (camp.registrationDeadline !== null) {
      const deadline = Date.parse(camp.registrationDeadline);
      if (deadline <= Date.now() || deadline > Date.parse(`${camp.startsOn}T23:59:59.999Z`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['registrationDeadline'],
          message: m.deadlineInvalid,
        });
      }
    }
  });
export type CreateCampInput = z.input<typeof createCampSchema>;
export type CampInput = z.output<typeof createCampSchema>;

/**
 * `PUT /api/camps/:id`: every field again. The image stays as it is unless a new upload is
 * attached (`imageUploadId`) or `removeImage` is true.
 */
export const updateCampSchema = createCampSchema.safeExtend({
  removeImage: z.boolean().default(false),
});
export type UpdateCampInput = z.input<typeof updateCampSchema>;

/** Why a camp takes no registrations, or null while it does. */
export const CAMP_CLOSED_REASONS = ['cancelled', 'started', 'deadline', 'paused'] as const;
export type CampClosedReason = (typeof CAMP_CLOSED_REASONS)[number];

export const campSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sport: z.enum(SPORTS),
  organizer: z.string(),
  description: z.string(),
  online: z.boolean(),
  venue: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  level: z.enum(CAMP_LEVELS),
  /** Major units; 0 for free. */
  price: z.number(),
  currency: z.enum(CURRENCIES).nullable(),
  capacity: z.number().int(),
  /** Places not yet booked (capacity minus booked), never below 0. */
  placesLeft: z.number().int(),
  waitlistCount: z.number().int(),
  registrationDeadline: z.iso.datetime().nullable(),
  whatToBring: z.string().nullable(),
  contact: z.string(),
  image: z
    .object({
      url: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      variantWidths: z.array(z.number().int()).nullable(),
    })
    .nullable(),
  poster: profileSummarySchema,
  createdAt: z.iso.datetime(),
  cancelledAt: z.iso.datetime().nullable(),
  closedReason: z.enum(CAMP_CLOSED_REASONS).nullable(),
  /** The viewer's registration, or null (visitors, or not registered or cancelled). */
  myRegistration: z
    .object({
      status: z.enum(CAMP_REGISTRATION_STATUSES),
      /** 1 for the first on the waiting list; null unless waitlisted. */
      waitlistPosition: z.number().int().nullable(),
    })
    .nullable(),
  /** The viewer may edit, cancel and see the registrations (its poster, or an admin). */
  canManage: z.boolean(),
});
export type Camp = z.infer<typeof campSchema>;
export const campPageSchema = pageSchema(campSchema);
export type CampPage = z.infer<typeof campPageSchema>;

export const CAMP_TABS = ['upcoming', 'past', 'mine'] as const;
export type CampTab = (typeof CAMP_TABS)[number];

/**
 * `/api/camps`: upcoming camps by start date (those under way included), or past ones, latest
 * first, or the viewer's own registrations (`mine`). Filters combine.
 */
export const campsQuerySchema = z.object({
  tab: z.enum(CAMP_TABS).default('upcoming'),
  sport: z.enum(SPORTS).optional(),
  country: z.string().trim().min(1).max(L.place).optional(),
  /** Camps under way at any time in this month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthInvalid)
    .optional(),
  /** Camps that take this age. */
  age: z.coerce
    .number({ error: m.ageFilterInvalid })
    .int(m.ageFilterInvalid)
    .min(L.ageMin, m.ageFilterInvalid)
    .max(L.ageMax, m.ageFilterInvalid)
    .optional(),
  /** `free`, or a maximum price in major units (any currency). */
  price: z
    .string()
    .regex(/^(free|\d{1,7})$/, m.priceFilterInvalid)
    .optional(),
  cursor: z.string().max(300).optional(),
});
export type CampsQuery = z.input<typeof campsQuerySchema>;

export const registerForCampSchema = z.object({
  /** `interested`: no place held; `booked`: a place, or the waiting list when full. */
  kind: z.enum(['interested', 'booked'], { error: 'Choose interest or a place' }),
});

/** A registration as the organiser sees it. */
export const campRegistrationSchema = z.object({
  id: z.uuid(),
  status: z.enum(CAMP_REGISTRATION_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  member: profileSummarySchema,
});
export type CampRegistration = z.infer<typeof campRegistrationSchema>;
export const campRegistrationPageSchema = pageSchema(campRegistrationSchema);

export const campRegistrationsQuerySchema = z.object({
  status: z.enum(CAMP_REGISTRATION_STATUSES).optional(),
  cursor: z.string().max(300).optional(),
});
