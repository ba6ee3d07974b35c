import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { APPLICATION_STAGES } from '@arena/shared/application.schema';
import { CONTRACT_TYPES, OFFER_KINDS, SPORTS } from '@arena/shared/constants';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

export const athleteOffers = pgTable(
  'athlete_offers',
  {
    id: id(),
    /** An offer, or a scholarship whose own fields are in `scholarships` (decision 0047). */
    kind: text('kind', { enum: OFFER_KINDS }).notNull().default('offer'),
    postedBy: uuid('posted_by')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    organizationName: text('organization_name').notNull(),
    location: text('location').notNull(),
    leagueLevel: text('league_level'),
    sport: text('sport', { enum: SPORTS }).notNull(),
    positions: text('positions').notNull(),
    /** An offer's; null for a scholarship. */
    contractType: text('contract_type', { enum: CONTRACT_TYPES }),
    /** An offer's; null for a scholarship. */
    salary: text('salary'),
    description: text('description').notNull(),
    requirements: text('requirements'),
    applicationCount: integer('application_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** Closed by its poster: no new applications; the open ones can still be decided. */
    closedAt: timestampTz('closed_at'),
    /** After this the offer closes by itself (nothing has to run: every read compares). */
    deadline: timestampTz('deadline'),
    /** How many athletes it signs; once `signed_count` reaches it, the offer is full. */
    places: integer('places'),
    signedCount: integer('signed_count').notNull().default(0),
  },
  (t) => [
    index('athlete_offers_created_at_idx').on(descending(t.createdAt), descending(t.id)),
    index('athlete_offers_sport_created_at_idx').on(
      t.sport,
      descending(t.createdAt),
      descending(t.id),
    ),
    index('athlete_offers_posted_by_idx').on(t.postedBy, descending(t.createdAt)),
    index('athlete_offers_scholarship_deadline_idx')
      .on(t.deadline, t.id)
      .where(sql`${t.kind} = 'scholarship'`),
    check('athlete_offers_sport_check', oneOf('sport', SPORTS)),
    check('athlete_offers_kind_check', oneOf('kind', OFFER_KINDS)),
    check(
      'athlete_offers_kind_fields_check',
      sql`CASE ${t.kind} WHEN 'offer' THEN ${t.contractType} IS NOT NULL AND ${t.salary} IS NOT NULL
        ELSE ${t.contractType} IS NULL AND ${t.salary} IS NULL AND ${t.deadline} IS NOT NULL END`,
    ),
    check('athlete_offers_contract_type_check', oneOf('contract_type', CONTRACT_TYPES)),
    check('athlete_offers_application_count_check', sql`${t.applicationCount} >= 0`),
    check('athlete_offers_places_check', sql`${t.places} IS NULL OR ${t.places} BETWEEN 1 AND 999`),
    check('athlete_offers_signed_count_check', sql`${t.signedCount} >= 0`),
  ],
);

export const offerApplications = pgTable(
  'offer_applications',
  {
    id: id(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => athleteOffers.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The pipeline stage (`APPLICATION_STAGES`); every change is an `application_events` row. */
    status: text('status', { enum: APPLICATION_STAGES }).notNull().default('pending'),
    stageChangedAt: timestampTz('stage_changed_at').notNull().defaultNow(),
    /** Storage key in the private offer-applications bucket. */
    cvPath: text('cv_path'),
    athleteName: text('athlete_name').notNull(),
    email: text('email').notNull(),
    sport: text('sport').notNull(),
    currentTeam: text('current_team'),
    positionRole: text('position_role').notNull(),
    yearsExperience: integer('years_experience').notNull(),
    achievements: text('achievements'),
    heightWeight: text('height_weight'),
    availability: text('availability').notNull(),
    whyInterested: text('why_interested').notNull(),
    willingToRelocate: boolean('willing_to_relocate').notNull(),
    desiredContractDuration: text('desired_contract_duration', { enum: CONTRACT_TYPES }).notNull(),
    consentPrivacyPolicy: boolean('consent_privacy_policy').notNull(),
    consentDataSharing: boolean('consent_data_sharing').notNull(),
  },
  (t) => [
    uniqueIndex('offer_applications_offer_applicant_key').on(t.offerId, t.applicantId),
    index('offer_applications_offer_created_at_idx').on(t.offerId, descending(t.createdAt)),
    index('offer_applications_applicant_idx').on(t.applicantId, descending(t.createdAt)),
    check('offer_applications_status_check', oneOf('status', APPLICATION_STAGES)),
    check('offer_applications_contract_check', oneOf('desired_contract_duration', CONTRACT_TYPES)),
    check(
      'offer_applications_consents_check',
      sql`${t.consentPrivacyPolicy} AND ${t.consentDataSharing}`,
    ),
    check('offer_applications_years_check', sql`${t.yearsExperience} BETWEEN 0 AND 80`),
  ],
);

/** An application's history: every stage it reached, who moved it, and what they told the athlete. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => offerApplications.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: APPLICATION_STAGES }).notNull(),
    /** `poster` (or an admin acting for the offer), `athlete`, or `system` (viewed). */
    movedBy: text('moved_by', { enum: ['poster', 'athlete', 'system'] }).notNull(),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    message: text('message'),
    trialAt: timestampTz('trial_at'),
    trialPlace: text('trial_place'),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.createdAt),
    check('application_events_stage_check', oneOf('stage', APPLICATION_STAGES)),
    check('application_events_moved_by_check', oneOf('moved_by', ['poster', 'athlete', 'system'])),
    check('application_events_message_check', sql`char_length(${t.message}) <= 1000`),
  ],
);

/** The poster's private notes on an application (never shown to the athlete). */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => offerApplications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_notes_application_idx').on(t.applicationId, t.createdAt),
    check('application_notes_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
