import { and, count, desc, eq, sql } from 'drizzle-orm';

import type { ScoutQuery } from '@arena/shared/scout.schema';

import { type Database, type Executor, literalLimit, selectRows } from '../../db/database.ts';
import { blockBetween } from '../safety/safety.sql.ts';
import { filters } from './scouting.repository.ts';
import { savedSearches, savedSearchHits } from './scouting.tables.ts';

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;

export interface SavedSearchRow {
  id: string;
  profileId: string;
  name: string;
  filters: Record<string, string>;
  alerts: boolean;
  /** When alerts were last turned on: athletes new since then are news. */
  alertsSince: Date;
  createdAt: Date;
}

const columns = {
  id: savedSearches.id,
  profileId: savedSearches.profileId,
  name: savedSearches.name,
  filters: savedSearches.filters,
  alerts: savedSearches.alerts,
  alertsSince: savedSearches.alertsSince,
  createdAt: savedSearches.createdAt,
};

/** The stored filters are what `savedFiltersOf` made: names and values of /scout's URL. */
const rowOf = (row: Omit<SavedSearchRow, 'filters'> & { filters: unknown }): SavedSearchRow => ({
  ...row,
  filters: row.filters as Record<string, string>,
});

export function createSavedSearchesRepository(db: Database) {
  return {
    async list(profileId: string): Promise<SavedSearchRow[]> {
      const rows = await db
        .select(columns)
        .from(savedSearches)
        .where(eq(savedSearches.profileId, profileId))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
      return rows.map(rowOf);
    },

    async find(profileId: string, id: string): Promise<SavedSearchRow | null> {
      const [row] = await db
        .select(columns)
        .from(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.profileId, profileId)));
      return row ? rowOf(row) : null;
    },

    /** Any account's search, for its alert job. */
    async byId(id: string): Promise<SavedSearchRow | null> {
      const [row] = await db.select(columns).from(savedSearches).where(eq(savedSearches.id, id));
      return row ? rowOf(row) : null;
    },

    /**
     * Saves it unless the account already has `limit`: the count and the insert under a lock
     * on the account's profile row, so two saves at once cannot both pass the count. Null when
     * the account is at the limit.
     */
    async create(
      profileId: string,
      input: { name: string; filters: Record<string, string>; alerts: boolean },
      limit: number,
    ): Promise<SavedSearchRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM profiles WHERE id = ${profileId} FOR UPDATE`);
        const [held] = await tx
          .select({ n: count() })
          .from(savedSearches)
          .where(eq(savedSearches.profileId, profileId));
        if ((held?.n ?? 0) >= limit) return null;
        const [row] = await tx
          .insert(savedSearches)
          .values({ profileId, ...input })
          .returning(columns);
        return row ? rowOf(row) : null;
      });
    },

    async update(
      profileId: string,
      id: string,
      change: { name?: string; alerts?: boolean },
    ): Promise<SavedSearchRow | null> {
      const [row] = await db
        .update(savedSearches)
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.alerts === undefined ? {} : { alerts: change.alerts }),
          // Turned back on: athletes are news from now, not from when it was turned off.
          ...(change.alerts === true
            ? {
                alertsSince: sql`CASE WHEN ${savedSearches.alerts} THEN ${savedSearches.alertsSince} ELSE now() END`,
              }
            : {}),
        })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.profileId, profileId)))
        .returning(columns);
      return row ? rowOf(row) : null;
    },

    async remove(profileId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.profileId, profileId)))
        .returning({ id: savedSearches.id });
      return gone.length > 0;
    },

    /** Searches with alerts whose last look is at least `intervalSeconds` old, oldest first. */
    async due(intervalSeconds: number, limit: number): Promise<string[]> {
      const rows = await selectRows<{ id: string }>(
        db,
        sql`SELECT id FROM saved_searches
          WHERE alerts AND checked_at <= now() - make_interval(secs => ${intervalSeconds})
          ORDER BY checked_at
          LIMIT ${literalLimit(limit)}`,
      );
      return rows.map((row) => row.id);
    },

    /**
     * Athletes who newly match the search for its owner (`viewerId`), up to `limit`, the latest
     * first: matching now, never alerted about by this search, and new since its alerts were
     * turned on (`alertsSince`, at first the save) — an account made since, or, for a search that
     * asks for them, availability or open to offers turned on since. Same visibility as the search itself (no blocks, no sanctioned
     * accounts).
     */
    async newMatches(
      viewerId: string,
      search: { id: string; alertsSince: Date },
      query: ScoutQuery,
      limit: number,
    ): Promise<string[]> {
      const since = sql`${new Date(search.alertsSince).toISOString()}::timestamptz`;
      const signals = [sql`p.created_at > ${since}`];
      if (query.available) signals.push(sql`a.available_since > ${since}`);
      if (query.open) signals.push(sql`o.created_at > ${since}`);
      const where = [
        sql`p.user_type = 'player'`,
        sql`p.id <> ${viewerId}::uuid`,
        sql`NOT ${blockBetween(sql`${viewerId}::uuid`, sql`p.id`)}`,
        ...filters(query),
        sql`(${sql.join(signals, sql` OR `)})`,
        sql`NOT EXISTS (SELECT 1 FROM saved_search_hits h
          WHERE h.search_id = ${search.id}::uuid AND h.athlete_id = p.id)`,
      ];
      const rows = await selectRows<{ id: string }>(
        db,
        sql`SELECT p.id FROM athlete_profiles a
          JOIN profiles p ON p.id = a.profile_id
          LEFT JOIN open_to_offers o ON o.profile_id = a.profile_id
          WHERE ${sql.join(where, sql` AND `)}
          ORDER BY greatest(p.created_at, a.available_since, o.created_at) DESC, p.id DESC
          LIMIT ${literalLimit(limit)}`,
      );
      return rows.map((row) => row.id);
    },

    /** Records the alerted athletes in `tx`; returns those not already recorded. */
    async recordHits(tx: Executor, searchId: string, athleteIds: string[]): Promise<string[]> {
      if (athleteIds.length === 0) return [];
      const rows = await tx
        .insert(savedSearchHits)
        .values(athleteIds.map((athleteId) => ({ searchId, athleteId })))
        .onConflictDoNothing()
        .returning({ athleteId: savedSearchHits.athleteId });
      return rows.map((row) => row.athleteId);
    },

    async markChecked(tx: Executor, searchId: string): Promise<void> {
      await tx
        .update(savedSearches)
        .set({ checkedAt: sql`now()` })
        .where(eq(savedSearches.id, searchId));
    },
  };
}
