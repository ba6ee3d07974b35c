/** The filters /scout keeps in its URL: the API's own query names, so a search can be shared. */
const FILTER_KEYS = [
  'sport',
  'position',
  'ageMin',
  'ageMax',
  'heightMin',
  'heightMax',
  'weightMin',
  'weightMax',
  'nationality',
  'country',
  'city',
  'sex',
  'available',
  'open',
  'q',
  'sort',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** What the URL says, without empty values or names the page does not know. */
export function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The query string of `filters`, in a stable order (the cache key and the shared link). */
export function queryOf(filters: Filters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** How many filters narrow the search (the sort is not one). */
export function activeCount(filters: Filters): number {
  return FILTER_KEYS.filter((key) => key !== 'sort' && filters[key]).length;
}
