import { type SQL, sql } from 'drizzle-orm';

import type { NotificationKind } from '@arena/shared/notification.schema';

import { hiddenFrom, mutedBy } from '../safety/safety.sql.ts';
import type { NotificationEvent } from './notifications.repository.ts';

/*
 * The SQL that records a notification entry and rings the bell, for the repository's own
 * statements and for an action that records its entry in its own statement (a like's).
 */

/** The key one unread entry gathers under. */
export function groupKeyOf(kind: NotificationKind, subjectId: string | null): string {
  return subjectId ? `${kind}:${subjectId}` : kind;
}

/** How many of the latest people an entry keeps (it shows three). */
const ACTORS_KEPT = 5;

/** What happened, for the recipients a query names. */
export type EntryDraft = Omit<NotificationEvent, 'recipientId'>;

/**
 * The statement (or a writing CTE) that records `event` for each member the `recipients` query
 * yields (its one column `recipient_id`): the event joins the member's open entry of that kind
 * and subject, or opens one. Nothing about a member's own action, nothing from someone with a
 * block between them or whom they muted. Returns the rows of `RecordedNotification`, and each
 * entry's `groupKey` for `ringBells`.
 */
export function upsertEntries(
  recipients: SQL,
  event: EntryDraft,
  /** `mutes`: the caller's statement already refused a block between them (a like's does). */
  check: 'blocks and mutes' | 'mutes' = 'blocks and mutes',
): SQL {
  const actors = event.actorId ? sql`ARRAY[${event.actorId}]::uuid[]` : sql`'{}'::uuid[]`;
  const actor = event.actorId ? sql`${event.actorId}::uuid` : sql`NULL::uuid`;
  // Kept to the millisecond, as the column is: the RETURNING compares the two.
  const due = sql`now() + make_interval(secs => ${event.deliverAfterSeconds})`;
  const hidden = (actorId: string) =>
    check === 'mutes'
      ? mutedBy(sql`r.recipient_id`, actorId)
      : hiddenFrom(sql`r.recipient_id`, actorId);
  const wanted = event.actorId
    ? sql`WHERE r.recipient_id <> ${actor} AND NOT ${hidden(event.actorId)}`
    : sql``;
  return sql`INSERT INTO notifications AS n
      (recipient_id, kind, group_key, subject_id, actor_ids, actor_count, detail,
       subject_title, deliver_after)
    SELECT r.recipient_id, ${event.kind}, ${groupKeyOf(event.kind, event.subjectId)},
      ${event.subjectId}::uuid, ${actors}, ${event.actorId ? 1 : 0}::int,
      ${event.detail ?? null}::text, ${event.subjectTitle ?? null}::text, ${due}
    FROM (${recipients}) r
    ${wanted}
    ON CONFLICT (recipient_id, group_key) WHERE read_at IS NULL DO UPDATE SET
      actor_ids = CASE WHEN ${actor} IS NULL THEN n.actor_ids
        ELSE (ARRAY[${actor}] || array_remove(n.actor_ids, ${actor}))[1:${sql.raw(String(ACTORS_KEPT))}] END,
      actor_count = n.actor_count
        + CASE WHEN ${actor} IS NULL OR ${actor} = ANY(n.actor_ids) THEN 0 ELSE 1 END,
      detail = EXCLUDED.detail,
      subject_title = coalesce(EXCLUDED.subject_title, n.subject_title),
      -- Within a second of the last change the entry keeps its time: its indexed columns
      -- then stay as they are, and PostgreSQL updates the row in place (HOT) instead of
      -- adding to all six indexes, which a burst of likes on one post otherwise does.
      -- A digest since then takes a new time, so that the next digest carries the change.
      updated_at = CASE WHEN n.updated_at > now() - interval '1 second'
          AND (n.digested_at IS NULL OR n.digested_at < n.updated_at)
        THEN n.updated_at ELSE now() END,
      unseen = true,
      deliver_after = coalesce(n.deliver_after, EXCLUDED.deliver_after)
    RETURNING id, recipient_id AS "recipientId", group_key AS "groupKey",
      deliver_after AS "deliverAfter", deliver_after = (${due})::timestamptz(3) AS "deliveryDue"`;
}

/**
 * The bell's NOTIFY on the bus's `channel` for each entry of `told` (a CTE of `upsertEntries`'s
 * rows), in the statement that recorded it, as `publishUnseen` sends it. A statement reads the
 * table as it was before it began: the count takes the member's other unseen entries and adds
 * the one just recorded, unseen now (an unseen entry is always unread, so it is the open one).
 */
export function ringBells(channel: string, told: SQL): SQL {
  const unseen = sql`1 + (SELECT count(*)::int FROM notifications o
    WHERE o.recipient_id = t."recipientId" AND o.unseen
      AND NOT (o.group_key = t."groupKey" AND o.read_at IS NULL))`;
  return sql`SELECT ${bell(channel, sql`t."recipientId"`, unseen)} FROM ${told} t`;
}

/** The bell's NOTIFY: `notifications.changed` on the member's inbox, with their unseen count. */
export function bell(channel: string, recipient: SQL, unseen: SQL): SQL {
  return sql`pg_notify(${channel}, json_build_object(
      'type', 'notifications.changed',
      'topic', 'inbox:' || ${recipient},
      'unseen', ${unseen}
    )::text)`;
}
