import { z } from 'zod';

import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { pageSchema } from './pagination.schema.ts';
import { profileSummarySchema } from './profile.schema.ts';

/*
 * Reports and moderation. A member reports a post, comment, message, profile, offer or
 * application with a reason; open reports of one item make one case in the admins' queue
 * (`/moderation`), "a minor at risk" first, then the most reported and newest. An admin takes one
 * or more actions on a case; each action is a line of an audit log nobody can edit; the member
 * acted against is told what and why and may appeal each action once; the reporters are told the
 * outcome. Appeals land in the same queue.
 */

const m = MESSAGES.moderation;

export const REPORT_TARGETS = [
  'post',
  'comment',
  'message',
  'profile',
  'offer',
  'application',
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_TARGET_LABELS: Record<ReportTarget, string> = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  profile: 'Profile',
  offer: 'Offer',
  application: 'Application',
};

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'inappropriate',
  'impersonation',
  'minor_at_risk',
  'fraud',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  inappropriate: 'Inappropriate content',
  impersonation: 'Impersonation',
  minor_at_risk: 'A minor at risk',
  fraud: 'Fraud or fake offer',
  other: 'Something else',
};

/** `POST /api/reports`. Reporting the same item again updates the first report. */
export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: m.targetRequired }),
  targetId: z.uuid({ error: m.targetRequired }),
  reason: z.enum(REPORT_REASONS, { error: m.reasonRequired }),
  details: z
    .string()
    .trim()
    .max(LIMITS.reportDetailsMax, m.detailsMax)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  /** Block the member whose item it is, in the same step ("block as well"). */
  block: z.boolean().default(false),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportResultSchema = z.object({
  id: z.uuid(),
  /** True when this updated the reporter's earlier open report of the same item. */
  updated: z.boolean(),
  /** Whether the reporter now blocks the item's member. */
  blocking: z.boolean(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** What an admin may do to a case; several at once, except that dismiss stands alone. */
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove the content',
  warn: 'Warn the member',
  suspend: 'Suspend',
  ban: 'Ban',
};

/** `POST /api/moderation/cases/:id/actions`. */
export const moderationDecisionInputSchema = z
  .object({
    actions: z
      .array(z.enum(MODERATION_ACTIONS, { error: m.actionRequired }))
      .min(1, m.actionRequired)
      .max(MODERATION_ACTIONS.length, m.actionRequired),
    /** Days of a suspension (required with 'suspend'). */
    suspendDays: z
      .number({ error: m.suspendDaysRange })
      .int(m.suspendDaysRange)
      .min(1, m.suspendDaysRange)
      .max(LIMITS.suspendDaysMax, m.suspendDaysRange)
      .nullable()
      .default(null),
    /** Why: told to the member acted against (and kept in the audit log). */
    reason: z
      .string({ error: m.reasonTextRequired })
      .trim()
      .min(1, m.reasonTextRequired)
      .max(LIMITS.moderationReasonMax, m.reasonTextMax),
    /** A note only admins ever see. */
    note: z
      .string()
      .trim()
      .max(LIMITS.moderationNoteMax, m.noteMax)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
  })
  .refine((input) => new Set(input.actions).size === input.actions.length, {
    message: m.actionTwice,
    path: ['actions'],
  })
  .refine((input) => !input.actions.includes('dismiss') || input.actions.length === 1, {
    message: m.dismissAlone,
    path: ['actions'],
  })
  .refine((input) => input.actions.includes('suspend') === (input.suspendDays !== null), {
    message: m.suspendDaysRange,
    path: ['suspendDays'],
  });
export type ModerationDecisionInput = z.input<typeof moderationDecisionInputSchema>;

/** `POST /api/moderation/actions/:id/appeal`, once per action, by the member acted against. */
export const appealInputSchema = z.object({
  text: z
    .string({ error: m.appealRequired })
    .trim()
    .min(1, m.appealRequired)
    .max(LIMITS.appealMax, m.appealMax),
});

/** `POST /api/moderation/appeals/:id`: an admin upholds the action or overturns it. */
export const APPEAL_DECISIONS = ['upheld', 'overturned'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
export const appealDecisionInputSchema = z.object({
  decision: z.enum(APPEAL_DECISIONS, { error: m.appealDecisionRequired }),
  reason: z
    .string({ error: m.reasonTextRequired })
    .trim()
    .min(1, m.reasonTextRequired)
    .max(LIMITS.moderationReasonMax, m.reasonTextMax),
});
export type AppealDecisionInput = z.input<typeof appealDecisionInputSchema>;

/** The reported item as an admin sees it, in context. */
const contextMessageSchema = z.object({
  id: z.uuid(),
  sender: profileSummarySchema,
  body: z.string(),
  createdAt: z.iso.datetime(),
  /** The reported message itself among its neighbours. */
  reported: z.boolean(),
});
const moderationItemSchema = z.object({
  type: z.enum(REPORT_TARGETS),
  id: z.uuid(),
  /** False once the item is gone (removed, or deleted by its author). */
  exists: z.boolean(),
  /** The item's own text (post or comment text, message body, bio, offer title and description, application note). */
  text: z.string().nullable(),
  /** Where it lives in the app, for an admin to open it, e.g. `/posts/<id>`; null when it has none. */
  href: z.string().nullable(),
  /** For a message: the conversation's messages around it (that conversation only). */
  context: z.array(contextMessageSchema),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

const reportSchema = z.object({
  id: z.uuid(),
  reporter: profileSummarySchema,
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

const moderationActionSchema = z.object({
  id: z.uuid(),
  action: z.enum(MODERATION_ACTIONS),
  suspendDays: z.number().int().nullable(),
  reason: z.string(),
  admin: profileSummarySchema,
  createdAt: z.iso.datetime(),
  /** The member's appeal of this action, if any. */
  appeal: z
    .object({
      id: z.uuid(),
      text: z.string(),
      createdAt: z.iso.datetime(),
      decision: z.enum(APPEAL_DECISIONS).nullable(),
      decidedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type ModerationActionEntry = z.infer<typeof moderationActionSchema>;

/**
 * One line of the queue: a reported item with its open reports, or an appeal waiting for a
 * decision. `GET /api/moderation/cases?status=open|closed`.
 */
const moderationCaseSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(['reports', 'appeal']),
  status: z.enum(CASE_STATUSES),
  target: z.object({ type: z.enum(REPORT_TARGETS), id: z.uuid() }),
  /** The member whose item it is (the one an action would be against). */
  member: profileSummarySchema,
  /** A short excerpt of the item, or of the appeal. */
  excerpt: z.string().nullable(),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** A report of "a minor at risk": first in the queue. */
  priority: z.boolean(),
  lastReportedAt: z.iso.datetime(),
});
export type ModerationCaseSummary = z.infer<typeof moderationCaseSummarySchema>;
export const moderationCasePageSchema = pageSchema(moderationCaseSummarySchema).extend({
  /** Open cases and open appeals, for the tabs' counts. */
  counts: z.object({ open: z.number().int(), appeals: z.number().int() }),
});
export type ModerationCasePage = z.infer<typeof moderationCasePageSchema>;

/** `GET /api/moderation/cases/:id`. */
export const moderationCaseSchema = moderationCaseSummarySchema.extend({
  item: moderationItemSchema,
  reports: z.array(reportSchema),
  actions: z.array(moderationActionSchema),
  /** Private moderator notes, newest first. */
  notes: z.array(
    z.object({
      id: z.uuid(),
      admin: profileSummarySchema,
      text: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The member's earlier sanctions (warnings, suspensions, bans) on any case, newest first. */
  history: z.array(moderationActionSchema.extend({ caseId: z.uuid() })),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

/** `GET /api/moderation/audit`: every action, appeal decision and note; nobody can edit it. */
export const AUDIT_EVENTS = [
  ...MODERATION_ACTIONS,
  'note',
  'appeal_upheld',
  'appeal_overturned',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
const auditEntrySchema = z.object({
  id: z.uuid(),
  event: z.enum(AUDIT_EVENTS),
  admin: profileSummarySchema,
  member: profileSummarySchema.nullable(),
  caseId: z.uuid().nullable(),
  target: z.object({ type: z.enum(REPORT_TARGETS), id: z.uuid() }).nullable(),
  reason: z.string().nullable(),
  suspendDays: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * `GET /api/me/moderation`: the actions taken against the signed-in member, newest first, each
 * with whether it can still be appealed.
 */
export const myModerationActionSchema = moderationActionSchema.omit({ admin: true }).extend({
  target: z.object({ type: z.enum(REPORT_TARGETS), id: z.uuid() }),
  canAppeal: z.boolean(),
});
export type MyModerationAction = z.infer<typeof myModerationActionSchema>;
export const myModerationPageSchema = pageSchema(myModerationActionSchema);
export type MyModerationPage = z.infer<typeof myModerationPageSchema>;

/**
 * A suspended or banned member cannot sign in, so their notice email carries a signed link to
 * `/appeal?token=…`: `GET /api/moderation/appeal?token=` shows the action, `POST` sends the appeal.
 */
export const appealTokenQuerySchema = z.object({
  token: z.string().min(1, m.appealLinkInvalid).max(LIMITS.linkTokenMax, m.appealLinkInvalid),
});
export const tokenAppealInputSchema = appealInputSchema.extend({
  token: z.string().min(1, m.appealLinkInvalid).max(LIMITS.linkTokenMax, m.appealLinkInvalid),
});
