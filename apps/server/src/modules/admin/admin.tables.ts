import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { createdAt, descending, id } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/** Who did what, when: every admin action and role change is recorded here. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: id(),
    /** Null when the action came from the command line or from ADMIN_EMAILS at start. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_actions_created_at_idx').on(descending(t.createdAt)),
    index('admin_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
