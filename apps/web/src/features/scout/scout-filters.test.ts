import { expect, it } from 'vitest';

import { activeCount, filtersFrom, queryOf } from './scout-filters.ts';

it('reads country and city from the URL like the other filters, trimmed, blanks left out', () => {
  const filters = filtersFrom(
    new URLSearchParams('city=+Porto+&country=Portugal&nationality=&sport=football&unknown=x'),
  );
  expect(filters).toEqual({ sport: 'football', country: 'Portugal', city: 'Porto' });
  expect(activeCount(filters)).toBe(3);
});

it('writes them into the query string in a stable order, a city alone too', () => {
  expect(queryOf({ city: 'São Paulo', country: 'Brazil', nationality: 'Brazilian' })).toBe(
    'nationality=Brazilian&country=Brazil&city=S%C3%A3o+Paulo',
  );
  expect(queryOf({ city: 'Lyon', sort: 'activity' })).toBe('city=Lyon&sort=activity');
  expect(activeCount({ city: 'Lyon', sort: 'activity' })).toBe(1);
});
