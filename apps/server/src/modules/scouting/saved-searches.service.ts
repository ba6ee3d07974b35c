import { MESSAGES } from '@arena/shared/messages';
import {
  type CreateSavedSearch,
  SAVED_SEARCH_LIMITS,
  type SavedSearch,
  type SavedSearchList,
  SCOUT_FILTER_KEYS,
  type ScoutQuery,
  scoutQuerySchema,
  type UpdateSavedSearch,
} from '@arena/shared/scout.schema';

import { uniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { SavedSearchesRepository, SavedSearchRow } from './saved-searches.repository.ts';

const m = MESSAGES.scout;

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;

/** The query string of stored filters, in /scout's order: the link a search opens. */
export function queryStringOf(filters: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of SCOUT_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/**
 * A search's filters from /scout's query string: refused when a name is not a filter, a value
 * is not one the search takes (with the search's own message), or nothing narrows the search.
 * Blank values are dropped; the sort stays (it is how the search is read back).
 */
function savedFiltersOf(query: string): Record<string, string> {
  const given = new URLSearchParams(query);
  const kept: Record<string, string> = {};
  for (const [key, raw] of given) {
    if (!SCOUT_FILTER_KEYS.includes(key)) {
      throw new AppError('validation_failed', m.savedFilterUnknown, {
        query: m.savedFilterUnknown,
      });
    }
    const value = raw.trim();
    if (value) kept[key] = value;
  }
  const parsed = scoutQuerySchema.safeParse(kept);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest;
    throw new AppError('validation_failed', message, { query: message });
  }
  if (!Object.keys(kept).some((key) => key !== 'sort')) {
    throw new AppError('validation_failed', m.savedFiltersRequired, {
      query: m.savedFiltersRequired,
    });
  }
  return kept;
}

/** The stored filters as the search reads them (they were checked when saved). */
export function scoutQueryOf(filters: Record<string, string>): ScoutQuery | null {
  const parsed = scoutQuerySchema.safeParse(filters);
  return parsed.success ? parsed.data : null;
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: queryStringOf(row.filters),
    alerts: row.alerts,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const nameTaken = () => new AppError('conflict', m.savedNameTaken, { name: m.savedNameTaken });
const notFound = () => new AppError('not_found', m.savedNotFound);

/** Runs a write that may break the one-name-per-account index. */
async function naming<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'saved_searches_profile_name_key') throw nameTaken();
    throw error;
  }
}

/**
 * A scout's saved searches (issue 24): verified organisations and admins, as scout search is.
 * Each is its owner's alone: another account's id is not found.
 */
export function createSavedSearchesService(
  repo: SavedSearchesRepository,
  verifiedOrAdmin: (profileId: string) => Promise<boolean>,
) {
  async function requireScout(auth: AuthContext) {
    if (!(await verifiedOrAdmin(auth.profileId))) {
      throw new AppError('forbidden', m.verifiedOnly);
    }
  }

  return {
    async list(auth: AuthContext): Promise<SavedSearchList> {
      await requireScout(auth);
      return { items: (await repo.list(auth.profileId)).map(toSavedSearch) };
    },

    async create(auth: AuthContext, input: Required<CreateSavedSearch>): Promise<SavedSearch> {
      await requireScout(auth);
      const filters = savedFiltersOf(input.query);
      const row = await naming(() =>
        repo.create(
          auth.profileId,
          { name: input.name, filters, alerts: input.alerts },
          SAVED_SEARCH_LIMITS.perAccount,
        ),
      );
      if (!row) throw new AppError('conflict', m.savedLimit);
      return toSavedSearch(row);
    },

    async update(auth: AuthContext, id: string, change: UpdateSavedSearch): Promise<SavedSearch> {
      await requireScout(auth);
      const row = await naming(() => repo.update(auth.profileId, id, change));
      if (!row) throw notFound();
      return toSavedSearch(row);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      await requireScout(auth);
      if (!(await repo.remove(auth.profileId, id))) throw notFound();
    },
  };
}
