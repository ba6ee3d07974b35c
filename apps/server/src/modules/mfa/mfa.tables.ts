import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { FACTOR_STATUSES, FACTOR_TYPES } from '@arena/shared/factor.schema';

import { createdAt, id, oneOf, timestampTz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * Second factors. A factor is 'unverified' from enrolment until its owner proves it works once;
 * only verified factors make password sign-ins stop at aal1.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorType: text('factor_type', { enum: FACTOR_TYPES }).notNull(),
    friendlyName: text('friendly_name').notNull(),
    status: text('status', { enum: FACTOR_STATUSES }).notNull().default('unverified'),
    /** TOTP: the base32 shared secret (the server must be able to compute codes). */
    totpSecret: text('totp_secret'),
    /** TOTP: the time step of the last accepted code; a code of that step or earlier is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Phone: E.164 number. */
    phone: text('phone'),
    createdAt: createdAt(),
    verifiedAt: timestampTz('verified_at'),
    lastUsedAt: timestampTz('last_used_at'),
  },
  (t) => [
    uniqueIndex('mfa_factors_user_name_key').on(t.userId, sql`lower(${t.friendlyName})`),
    index('mfa_factors_user_verified_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'verified'`),
    check('mfa_factors_type_check', oneOf('factor_type', FACTOR_TYPES)),
    check('mfa_factors_status_check', oneOf('status', FACTOR_STATUSES)),
  ],
);

/**
 * One attempt at proving a factor (or, with no factor, at signing in with a passkey). Each is
 * answered at most once and expires after five minutes.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    factorId: uuid('factor_id').references(() => mfaFactors.id, { onDelete: 'cascade' }),
    /** Phone: SHA-256 of the texted code. */
    codeHash: text('code_hash'),
    /** Passkeys: the base64url challenge the authenticator must sign. */
    webauthnChallenge: text('webauthn_challenge'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [index('mfa_challenges_factor_created_idx').on(t.factorId, t.createdAt)],
);

/** Wrong codes per factor (factor_id null: recovery codes), for the per-factor limit. */
export const mfaFailures = pgTable(
  'mfa_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorId: uuid('factor_id').references(() => mfaFactors.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_failures_user_factor_time_idx').on(t.userId, t.factorId, t.createdAt)],
);

/** Single-use recovery codes, stored as SHA-256 hashes; shown to their owner once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** Passkeys (WebAuthn credentials), one per 'webauthn' factor. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    /** The credential ID, base64url. */
    id: text('id').primaryKey(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** Signature counter; a counter that goes backwards means a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
  },
  (t) => [
    uniqueIndex('webauthn_credentials_factor_key').on(t.factorId),
    index('webauthn_credentials_user_idx').on(t.userId),
  ],
);
