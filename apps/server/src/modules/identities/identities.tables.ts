import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, id, oneOf, timestampTz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * A third-party (OpenID Connect) account linked to a user: the provider's subject identifies the
 * person; the email is what the provider last said, for display only. One per provider per user.
 */
export const identities = pgTable(
  'identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('identities_user_provider_key').on(t.userId, t.provider),
  ],
);

export const OIDC_FLOW_PURPOSES = ['sign-in', 'link'] as const;
export type OidcFlowPurpose = (typeof OIDC_FLOW_PURPOSES)[number];

/** What the provider said about a new person, kept until they finish creating their account. */
export interface PendingSignUpClaims {
  subject: string;
  email: string;
  name: string | null;
  preferredUsername: string | null;
}

/**
 * One third-party sign-in, from the redirect to the provider until it ends. Kept in the database
 * so that any instance can take the return, and so that a state is accepted once only.
 *
 * - started: `state`, the PKCE verifier and the nonce wait for the provider's answer; the browser
 *   that started it holds a cookie whose hash is `browser_hash` (no one else can finish it).
 * - returned (`returned_at`): the state is spent. A new person then has a single-use sign-up
 *   token (`sign_up_token_hash`, in an HttpOnly cookie) to finish creating their account.
 * - completed (`completed_at`): the account was created; the token is spent.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: id(),
    provider: text('provider').notNull(),
    purpose: text('purpose', { enum: OIDC_FLOW_PURPOSES }).notNull(),
    /** Linking: whose account the identity joins. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectTo: text('redirect_to').notNull(),
    remember: boolean('remember').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    returnedAt: timestampTz('returned_at'),
    signUpTokenHash: text('sign_up_token_hash'),
    signUpClaims: jsonb('sign_up_claims').$type<PendingSignUpClaims>(),
    signUpExpiresAt: timestampTz('sign_up_expires_at'),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    uniqueIndex('oidc_flows_state_key').on(t.state),
    uniqueIndex('oidc_flows_sign_up_token_hash_key').on(t.signUpTokenHash),
    index('oidc_flows_created_idx').on(t.createdAt),
    check('oidc_flows_purpose_check', oneOf('purpose', OIDC_FLOW_PURPOSES)),
  ],
);
