import { z } from 'zod';

import { CONTRACT_TYPES, OFFER_KINDS } from './constants.ts';
import { pageSchema } from './pagination.schema.ts';

/**
 * The recruiting pipeline: where an application stands, who may move it where, and what both
 * sides see. The stages in order; `declined` and `withdrawn` end it from any open stage.
 */
export const APPLICATION_STAGES = [
  'pending',
  'viewed',
  'shortlisted',
  'trial',
  'offered',
  'signed',
  'declined',
  'withdrawn',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  pending: 'Pending',
  viewed: 'Viewed',
  shortlisted: 'Shortlisted',
  trial: 'Invited to trial',
  offered: 'Offered',
  signed: 'Signed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** The stages a poster moves an application to. */
export const POSTER_STAGES = ['shortlisted', 'trial', 'offered', 'signed', 'declined'] as const;
export type PosterStage = (typeof POSTER_STAGES)[number];

/** What the poster's button says for each move. */
export const POSTER_STAGE_ACTIONS: Record<PosterStage, string> = {
  shortlisted: 'Shortlist',
  trial: 'Invite to trial',
  offered: 'Make an offer',
  signed: 'Mark signed',
  declined: 'Decline',
};

/** Nothing moves a signed or withdrawn application again. */
export const FINAL_STAGES: readonly ApplicationStage[] = ['signed', 'withdrawn'];

/** The athlete withdraws before a decision: while the application is open. */
export const WITHDRAWABLE_STAGES: readonly ApplicationStage[] = [
  'pending',
  'viewed',
  'shortlisted',
  'trial',
  'offered',
];

const ORDER: Record<ApplicationStage, number> = {
  pending: 0,
  viewed: 1,
  shortlisted: 2,
  trial: 3,
  offered: 4,
  signed: 5,
  declined: 6,
  withdrawn: 6,
};

export type StageMover = 'poster' | 'athlete' | 'system';

/**
 * May `mover` take an application from `from` to `to`? The poster moves it forward (any later
 * stage, skipping is allowed), declines it at any open stage, and may reconsider a declined one
 * (back to shortlisted, trial or offered); the athlete withdraws an open one; the system marks
 * a pending one viewed when the poster first opens it. A signed or withdrawn one never moves.
 */
export function canMoveStage(from: ApplicationStage, to: ApplicationStage, mover: StageMover) {
  if (FINAL_STAGES.includes(from) || from === to) return false;
  switch (mover) {
    case 'system':
      return from === 'pending' && to === 'viewed';
    case 'athlete':
      return to === 'withdrawn' && WITHDRAWABLE_STAGES.includes(from);
    case 'poster':
      if (!(POSTER_STAGES as readonly string[]).includes(to)) return false;
      if (from === 'declined') return to === 'shortlisted' || to === 'trial' || to === 'offered';
      return to === 'declined' || ORDER[to] > ORDER[from];
  }
}

/** The moves the poster's screen offers for an application at `from`. */
export const posterMovesFrom = (from: ApplicationStage): PosterStage[] =>
  POSTER_STAGES.filter((to) => canMoveStage(from, to, 'poster'));

export const STAGE_MESSAGE_MAX = 1000;
export const NOTE_MAX = 2000;
const BULK_DECLINE_MAX = 100;
export const TRIAL_PLACE_MAX = 200;

const p = {
  messageTooLong: `A message to the athlete is at most ${STAGE_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  stageInvalid: 'Choose shortlist, invite to trial, make an offer, mark signed or decline.',
  trialAtRequired: 'Choose the date and time of the trial.',
  trialAtPast: 'The trial must be in the future.',
  trialPlaceRequired: 'Say where the trial takes place.',
  trialPlaceTooLong: `The place is at most ${TRIAL_PLACE_MAX} characters.`,
  noteRequired: 'Write something in the note.',
  noteTooLong: `A note is at most ${NOTE_MAX.toLocaleString('en-US')} characters.`,
  selectSome: 'Select at least one application.',
  tooMany: `Decline at most ${BULK_DECLINE_MAX} applications at a time.`,
};

/** The pipeline's own refusals and confirmations (the spec's texts stay in `MESSAGES`). */
export const PIPELINE_MESSAGES = {
  ...p,
  moveOthers: "Only the offer's poster can move this application.",
  final: (stage: ApplicationStage) =>
    `This application is ${APPLICATION_STAGE_LABELS[stage].toLowerCase()}: it cannot move any more.`,
  notAllowed: (from: ApplicationStage, to: ApplicationStage) =>
    `An application that is ${APPLICATION_STAGE_LABELS[from].toLowerCase()} cannot become ${APPLICATION_STAGE_LABELS[to].toLowerCase()}.`,
  withdrawOthers: 'Only the athlete who applied can withdraw this application.',
  notWithdrawable: (stage: ApplicationStage) =>
    `This application is ${APPLICATION_STAGE_LABELS[stage].toLowerCase()}: it can no longer be withdrawn.`,
  withdrawnBefore: 'You withdrew your application to this offer; it cannot be sent again.',
  offerClosed: 'This offer is closed: it no longer takes applications.',
  offerPastDeadline: 'The deadline for this offer has passed: it no longer takes applications.',
  offerFull: 'Every place on this offer is taken: it no longer takes applications.',
  editOthers: 'You can only change your own offers',
  reopenPastDeadline: 'The deadline has passed: set a later deadline to reopen this offer.',
  deadlinePast: 'The application deadline must be in the future.',
  placesInvalid: 'Places must be a whole number from 1 to 999.',
  notesOthers: "Notes are private to the offer's poster.",
  noteNotFound: 'Note not found',
  withdrawn: 'Application withdrawn',
  moved: (stage: ApplicationStage) => `Moved to ${APPLICATION_STAGE_LABELS[stage].toLowerCase()}`,
  declinedSome: (count: number) =>
    count === 1 ? '1 application declined' : `${count} applications declined`,
} as const;

/** What an athlete's notification says of a change to their application (web, mail and push). */
export function applicationUpdateSentence(stage: ApplicationStage, offerTitle: string): string {
  const offer = `“${offerTitle}”`;
  switch (stage) {
    case 'shortlisted':
      return `You were shortlisted for ${offer}`;
    case 'trial':
      return `You are invited to a trial for ${offer}`;
    case 'offered':
      return `You received an offer for ${offer}`;
    case 'signed':
      return `Your application to ${offer} is marked signed`;
    case 'declined':
      return `Your application to ${offer} was not selected`;
    case 'withdrawn':
      return `Your application to ${offer} was withdrawn`;
    case 'pending':
    case 'viewed':
      return `Your application to ${offer} was viewed`;
  }
}

/** What an applicant's notification says of a change to the offer (or scholarship). */
export const offerUpdateSentence = (
  change: 'changed' | 'withdrawn',
  title: string,
  kind: 'offer' | 'scholarship' = 'offer',
) =>
  change === 'withdrawn'
    ? `The ${kind} “${title}” you applied to was withdrawn`
    : `The ${kind} “${title}” you applied to has changed`;

/** Ready-made decline messages the poster edits before sending. */
export const DECLINE_TEMPLATES = [
  {
    label: 'Not selected',
    text: 'Thank you for applying. After reviewing every application we have decided not to move forward with yours this time. We wish you the best for the season.',
  },
  {
    label: 'Position filled',
    text: 'Thank you for your interest. The position has now been filled. We will keep your profile in mind for future openings.',
  },
  {
    label: 'Not the profile we need',
    text: 'Thank you for applying. Your profile does not match what we need for this role right now, but we encourage you to apply to our future offers.',
  },
] as const;

const messageSchema = z
  .string({ error: p.messageTooLong })
  .trim()
  .max(STAGE_MESSAGE_MAX, p.messageTooLong)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

/** `POST /api/applications/:id/stage`: the poster's move, with an optional message. */
export const moveStageSchema = z
  .object({
    stage: z.enum(POSTER_STAGES, { error: p.stageInvalid }),
    message: messageSchema,
    /** Invite to trial: when and where. */
    trialAt: z.iso.datetime({ offset: true, error: p.trialAtRequired }).nullable().default(null),
    trialPlace: z
      .string({ error: p.trialPlaceRequired })
      .trim()
      .max(TRIAL_PLACE_MAX, p.trialPlaceTooLong)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
  })
  .superRefine((value, context) => {
    if (value.stage !== 'trial') return;
    if (!value.trialAt)
      context.addIssue({ code: 'custom', path: ['trialAt'], message: p.trialAtRequired });
    if (!value.trialPlace)
      context.addIssue({ code: 'custom', path: ['trialPlace'], message: p.trialPlaceRequired });
  });
export type MoveStageInput = z.input<typeof moveStageSchema>;

/** `POST /api/applications/decline`: several at once, one message. */
export const bulkDeclineSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Application not found' }), { error: p.selectSome })
    .min(1, p.selectSome)
    .max(BULK_DECLINE_MAX, p.tooMany),
  message: messageSchema,
});
export type BulkDeclineInput = z.input<typeof bulkDeclineSchema>;

export const bulkDeclineResultSchema = z.object({
  /** The applications declined now. */
  declined: z.array(z.uuid()),
  /** Those left as they were: already declined, signed or withdrawn. */
  skipped: z.array(z.object({ id: z.uuid(), reason: z.string() })),
});
export type BulkDeclineResult = z.infer<typeof bulkDeclineResultSchema>;

export const noteInputSchema = z.object({
  body: z
    .string({ error: p.noteRequired })
    .trim()
    .min(1, p.noteRequired)
    .max(NOTE_MAX, p.noteTooLong),
});

const applicationNoteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  author: z.object({ id: z.uuid(), username: z.string(), fullName: z.string().nullable() }),
});
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;
export const applicationNoteListSchema = z.array(applicationNoteSchema);

/** One change in an application's history. */
export const stageEventSchema = z.object({
  id: z.uuid(),
  stage: z.enum(APPLICATION_STAGES),
  /** Null when nobody did it by hand (viewed), or the person's profile was deleted. */
  by: z.enum(['poster', 'athlete', 'system']),
  message: z.string().nullable(),
  trialAt: z.iso.datetime().nullable(),
  trialPlace: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type StageEvent = z.infer<typeof stageEventSchema>;

/** The athlete's view of one application: the offer, where it stands and how it got there. */
export const myApplicationSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  stage: z.enum(APPLICATION_STAGES),
  stageChangedAt: z.iso.datetime(),
  offer: z.object({
    id: z.uuid(),
    title: z.string(),
    organizationName: z.string(),
    location: z.string(),
    /** A scholarship's application lives here too (its page is /scholarships/{id}). */
    kind: z.enum(OFFER_KINDS),
    /** Null for a scholarship. */
    contractType: z.enum(CONTRACT_TYPES).nullable(),
    /** The offer no longer takes applications (closed, past its deadline, or full). */
    closed: z.boolean(),
  }),
  history: z.array(stageEventSchema),
  canWithdraw: z.boolean(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationPageSchema = pageSchema(myApplicationSchema);
export type MyApplicationPage = z.infer<typeof myApplicationPageSchema>;

/** Applications Received: which offer, which stage, in what order. */
export const RECEIVED_SORTS = ['newest', 'oldest', 'cv'] as const;
export type ReceivedSort = (typeof RECEIVED_SORTS)[number];
export const RECEIVED_SORT_LABELS: Record<ReceivedSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  cv: 'CV fill rate',
};

export const receivedQuerySchema = z.object({
  offer: z.uuid({ error: 'Offer not found' }).optional(),
  stage: z.enum(APPLICATION_STAGES, { error: 'Choose a stage from the list.' }).optional(),
  sort: z.enum(RECEIVED_SORTS, { error: 'Choose an order from the list.' }).default('newest'),
});
export type ReceivedQuery = z.input<typeof receivedQuerySchema>;
