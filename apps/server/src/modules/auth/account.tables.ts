import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { createdAt, oneOf, timestampTz } from '../../db/columns.ts';
import { users } from './auth.tables.ts';

export const ACCOUNT_TOKEN_PURPOSES = ['email_confirmation', 'password_reset'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The emailed links. The link carries a signed token naming this row (its `jti`); the row is what
 * makes the link work once: using it sets `used_at`, and a link whose row is gone or used is
 * refused.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** The token's `jti`. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_check', oneOf('purpose', ACCOUNT_TOKEN_PURPOSES)),
  ],
);

export const ACCOUNT_ATTEMPT_KINDS = [
  'password_reset_request',
  'confirmation_resend',
  'wrong_current_password',
] as const;
export type AccountAttemptKind = (typeof ACCOUNT_ATTEMPT_KINDS)[number];

/**
 * Recent requests per email address (or per account), for limits that must hold across
 * restarts and instances. Rows are kept for any address, registered or not, so a limit reached
 * says nothing about whether an account exists.
 */
export const accountAttempts = pgTable(
  'account_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ACCOUNT_ATTEMPT_KINDS }).notNull(),
    /** A lower-cased email address, or a user id. */
    subject: text('subject').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_attempts_kind_subject_time_idx').on(t.kind, t.subject, t.createdAt),
    check('account_attempts_kind_check', oneOf('kind', ACCOUNT_ATTEMPT_KINDS)),
  ],
);
