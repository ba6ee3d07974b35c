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

import {
  APPEAL_DECISIONS,
  AUDIT_EVENTS,
  CASE_STATUSES,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
} from '@arena/shared/moderation.schema';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

/**
 * One reported item while its reports are open (kind 'reports'), or one appeal waiting for a
 * decision (kind 'appeal'). A report after the item's case closed opens a new case. The member
 * is the one whose item it is; their account's deletion takes their cases with it (the audit
 * log keeps what was done).
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: id(),
    kind: text('kind', { enum: ['reports', 'appeal'] }).notNull(),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    /** No foreign key: the item may be removed while its case stays. */
    targetId: uuid('target_id').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** A short excerpt of the item when first reported, or the appeal's text. */
    excerpt: text('excerpt'),
    /** A report of "a minor at risk" is among the case's reports. */
    priority: boolean('priority').notNull().default(false),
    reportCount: integer('report_count').notNull().default(0),
    lastReportedAt: timestampTz('last_reported_at').notNull().defaultNow(),
    createdAt: createdAt(),
    closedAt: timestampTz('closed_at'),
  },
  (t) => [
    // One open case of reports per item, even under a race.
    uniqueIndex('moderation_cases_open_target_key')
      .on(t.targetType, t.targetId)
      .where(sql`status = 'open' AND kind = 'reports'`),
    // The queue: priority, then most reported, then newest.
    index('moderation_cases_queue_idx').on(
      t.status,
      descending(t.priority),
      descending(t.reportCount),
      descending(t.lastReportedAt),
      descending(t.id),
    ),
    index('moderation_cases_member_idx').on(t.memberId),
    check('moderation_cases_kind_check', oneOf('kind', ['reports', 'appeal'])),
    check('moderation_cases_status_check', oneOf('status', CASE_STATUSES)),
    check('moderation_cases_target_type_check', oneOf('target_type', REPORT_TARGETS)),
  ],
);

/** A member's report of an item; reporting it again while the case is open updates this row. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_case_reporter_key').on(t.caseId, t.reporterId),
    // The hourly limit counts a reporter's recent reports.
    index('reports_reporter_created_idx').on(t.reporterId, descending(t.createdAt)),
    check('reports_reason_check', oneOf('reason', REPORT_REASONS)),
  ],
);

/**
 * What an admin did on a case. The admin is a profile: an admin's account deletion takes the
 * line from the case (the audit log keeps it, with their username).
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    /** The member acted against (the case's member), kept here for their own list. */
    memberId: uuid('member_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    suspendDays: integer('suspend_days'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_case_idx').on(t.caseId),
    index('moderation_actions_member_created_idx').on(
      t.memberId,
      descending(t.createdAt),
      descending(t.id),
    ),
    check('moderation_actions_action_check', oneOf('action', MODERATION_ACTIONS)),
  ],
);

/** A member's appeal of one action (once per action), and its decision. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: id(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    /** The appeal's own case in the queue. */
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    decision: text('decision', { enum: APPEAL_DECISIONS }),
    decidedAt: timestampTz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('moderation_appeals_action_key').on(t.actionId),
    uniqueIndex('moderation_appeals_case_key').on(t.caseId),
    check(
      'moderation_appeals_decision_check',
      sql`decision IS NULL OR ${oneOf('decision', APPEAL_DECISIONS)}`,
    ),
  ],
);

/** Private notes of the admins on a case. */
export const moderationNotes = pgTable(
  'moderation_notes',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_notes_case_idx').on(t.caseId)],
);

/**
 * Every action, note and appeal decision, append only: a trigger refuses UPDATE and DELETE.
 * Nothing here references another table, so deleting any account leaves the log whole; the
 * usernames are copied in for the lines whose member or admin is gone.
 */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: id(),
    event: text('event', { enum: AUDIT_EVENTS }).notNull(),
    adminId: uuid('admin_id').notNull(),
    adminUsername: text('admin_username').notNull(),
    memberId: uuid('member_id'),
    memberUsername: text('member_username'),
    caseId: uuid('case_id'),
    targetType: text('target_type', { enum: REPORT_TARGETS }),
    targetId: uuid('target_id'),
    reason: text('reason'),
    suspendDays: integer('suspend_days'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_audit_created_idx').on(descending(t.createdAt), descending(t.id)),
    check('moderation_audit_event_check', oneOf('event', AUDIT_EVENTS)),
  ],
);
