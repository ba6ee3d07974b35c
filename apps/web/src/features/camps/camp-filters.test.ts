import { describe, expect, it } from 'vitest';

import { campFiltersFrom, campSearchOf, campsApiQuery, effectiveAge } from './camp-filters.ts';
import { formatCampDates, formatCampPrice } from './camp-format.ts';

const from = (search: string) => campFiltersFrom(new URLSearchParams(search));

describe('camp filters', () => {
  it('reads the URL, leaving out what the API would refuse', () => {
    expect(
      from('tab=past&sport=football&country=%20Portugal%20&month=2027-07&age=16&price=free'),
    ).toEqual({
      tab: 'past',
      sport: 'football',
      country: 'Portugal',
      month: '2027-07',
      age: '16',
      price: 'free',
    });
    expect(from('tab=nope&sport=chess&month=2027-13&age=3&price=cheap')).toEqual({
      tab: 'upcoming',
    });
    expect(from('age=any&price=100')).toEqual({ tab: 'upcoming', age: 'any', price: '100' });
  });

  it('asks the API for the tab and filters, with the default age until it is removed', () => {
    expect(campsApiQuery(from('sport=tennis&price=50'), 16)).toBe(
      'tab=upcoming&sport=tennis&price=50&age=16',
    );
    expect(campsApiQuery(from('age=14'), 16)).toBe('tab=upcoming&age=14');
    expect(campsApiQuery(from('age=any'), 16)).toBe('tab=upcoming');
    expect(campsApiQuery(from(''), null)).toBe('tab=upcoming');
    // My camps are the viewer's registrations, whatever the filters.
    expect(campsApiQuery(from('tab=mine&sport=tennis&age=14'), 16)).toBe('tab=mine');
    expect(effectiveAge(from('tab=past'), 17)).toBe('17');
  });

  it('writes the page URL in a stable order, the upcoming tab left out', () => {
    expect(campSearchOf({ tab: 'upcoming', price: 'free', sport: 'football', age: 'any' })).toBe(
      'sport=football&age=any&price=free',
    );
    expect(campSearchOf({ tab: 'past' })).toBe('tab=past');
  });
});

describe('camp words', () => {
  it('says the dates as one range', () => {
    expect(formatCampDates('2027-07-12', '2027-07-16')).toBe('12–16 Jul 2027');
    expect(formatCampDates('2027-07-30', '2027-08-02')).toBe('30 Jul – 2 Aug 2027');
    expect(formatCampDates('2027-12-30', '2028-01-02')).toBe('30 Dec 2027 – 2 Jan 2028');
    expect(formatCampDates('2027-07-12', '2027-07-12')).toBe('12 Jul 2027');
  });

  it('says the price', () => {
    expect(formatCampPrice({ price: 0, currency: null })).toBe('Free');
    expect(formatCampPrice({ price: 49.5, currency: 'EUR' })).toBe('€49.50');
    expect(formatCampPrice({ price: 120, currency: 'USD' })).toBe('$120');
  });
});
