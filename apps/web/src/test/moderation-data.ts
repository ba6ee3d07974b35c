import type {
  AuditEntry,
  ModerationActionEntry,
  ModerationCase,
  ModerationCaseSummary,
  MyModerationAction,
} from '@arena/shared/moderation.schema';
import type { ProfileSummary } from '@arena/shared/profile.schema';

/** Moderation test data shaped like the API's answers. */

export const ADMIN: ProfileSummary = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  username: 'the_admin',
  fullName: 'Ada Admin',
  avatarUrl: null,
  verified: false,
  userType: 'player',
};

export const MEMBER: ProfileSummary = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  username: 'rude_rob',
  fullName: 'Rob Rude',
  avatarUrl: null,
  verified: false,
  userType: 'player',
};

export const REPORTER: ProfileSummary = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  username: 'kind_kim',
  fullName: 'Kim Kind',
  avatarUrl: null,
  verified: false,
  userType: 'coach',
};

export const POST_ID = '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a';

export function makeCaseSummary(
  overrides: Partial<ModerationCaseSummary> = {},
): ModerationCaseSummary {
  return {
    id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    kind: 'reports',
    status: 'open',
    target: { type: 'post', id: POST_ID },
    member: MEMBER,
    excerpt: 'You are all useless',
    reportCount: 3,
    reasons: [
      { reason: 'harassment', count: 2 },
      { reason: 'spam', count: 1 },
    ],
    priority: false,
    lastReportedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAction(overrides: Partial<ModerationActionEntry> = {}): ModerationActionEntry {
  return {
    id: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
    action: 'warn',
    suspendDays: null,
    reason: 'Insults are not allowed.',
    admin: ADMIN,
    createdAt: '2026-11-21T10:00:00.000Z',
    appeal: null,
    ...overrides,
  };
}

export function makeCase(overrides: Partial<ModerationCase> = {}): ModerationCase {
  return {
    ...makeCaseSummary(),
    item: {
      type: 'post',
      id: POST_ID,
      exists: true,
      text: 'You are all useless',
      href: `/posts/${POST_ID}`,
      context: [],
    },
    reports: [
      {
        id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
        reporter: REPORTER,
        reason: 'harassment',
        details: 'He keeps insulting the juniors.',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    actions: [],
    notes: [],
    history: [],
    ...overrides,
  };
}

export function makeMyAction(overrides: Partial<MyModerationAction> = {}): MyModerationAction {
  const { admin: _, ...action } = makeAction();
  return { ...action, target: { type: 'post', id: POST_ID }, canAppeal: true, ...overrides };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
    event: 'warn',
    admin: ADMIN,
    member: MEMBER,
    caseId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    target: { type: 'post', id: POST_ID },
    reason: 'Insults are not allowed.',
    suspendDays: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
