import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { ORGANIZATION_TYPES, VERIFICATION_STATUSES } from '@arena/shared/constants';

import { createdAt, descending, id, oneOf, timestampTz } from '../../db/columns.ts';
import { profiles } from '../profiles/profiles.tables.ts';

export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    fullName: text('full_name').notNull(),
    organizationName: text('organization_name').notNull(),
    organizationType: text('organization_type', { enum: ORGANIZATION_TYPES }).notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    website: text('website'),
    officialContact: text('official_contact'),
    additionalInfo: text('additional_info'),
    reviewedBy: uuid('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestampTz('reviewed_at'),
  },
  (t) => [
    index('verification_requests_created_at_idx').on(descending(t.createdAt), descending(t.id)),
    // The admin's tabs list one status newest first.
    index('verification_requests_status_created_at_idx').on(
      t.status,
      descending(t.createdAt),
      descending(t.id),
    ),
    index('verification_requests_profile_idx').on(t.profileId, descending(t.createdAt)),
    // At most one request waits for review per profile.
    uniqueIndex('verification_requests_one_pending_key')
      .on(t.profileId)
      .where(sql`status = 'pending'`),
    check('verification_requests_status_check', oneOf('status', VERIFICATION_STATUSES)),
    check('verification_requests_type_check', oneOf('organization_type', ORGANIZATION_TYPES)),
  ],
);
