import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { createdAt, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

/**
 * An under-18 athlete's guardian (issue 25, the "another adult copied" rule): once the guardian
 * confirmed by the emailed link, they get a copy of every message an organisation sends the
 * athlete and a notice of each application. One guardian per athlete; changing the address
 * replaces the link (`linkId`) and asks the new address to confirm.
 */
export const guardians = pgTable(
  'guardians',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The `jti` of the confirmation link now valid: an older link names another. */
    linkId: uuid('link_id').notNull(),
    confirmedAt: timestampTz('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [check('guardians_email_length', sql`length(${t.email}) <= 254`)],
);
