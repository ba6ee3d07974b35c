import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { ROLES } from '@arena/shared/constants';
import { AALS } from '@arena/shared/factor.schema';

import { createdAt, id, oneOf, timestampTz } from '../../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestampTz('email_confirmed_at'),
    createdAt: createdAt(),
    /** Suspended by a moderator until then: no sign-in, and their content hidden (moderation). */
    suspendedUntil: timestampTz('suspended_until'),
    /** Banned by a moderator: as a suspension without an end. */
    bannedAt: timestampTz('banned_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The few suspended or banned accounts, which every list leaves out (`safety.sql.ts`):
    // without it, each list statement read all users to find them (13 ms on 100,000).
    index('users_sanctioned_idx')
      .on(t.id)
      .where(sql`${t.bannedAt} IS NOT NULL OR ${t.suspendedUntil} IS NOT NULL`),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh
 * spends the presented token and issues the next one in the same family. Presenting a spent
 * token again revokes the whole family (token theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    persistent: boolean('persistent').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    spentAt: timestampTz('spent_at'),
    revokedAt: timestampTz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The assurance level the session reached; every refresh carries it forward. */
    aal: text('aal', { enum: AALS }).notNull().default('aal1'),
  },
  (t) => [
    check('refresh_tokens_aal_check', oneOf('aal', AALS)),
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** ES256 signing keys; kept in the database so every instance signs and verifies alike. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins per account, for the per-account limit that survives restarts and spans
 * instances: one count for browsers unknown to the account, one per browser that signed in to
 * it before (its device cookie).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailLower: text('email_lower').notNull(),
    ip: text('ip'),
    /** Set for a browser that had signed in to the account before: its failures count apart. */
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failures_email_time_idx').on(t.emailLower, t.createdAt)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', oneOf('role', ROLES)),
  ],
);
