import { describe, expect, it } from 'vitest';

import { plural, pluralNoun } from './plural.ts';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'Application')).toBe('1 Application');
    expect(plural(2, 'Application')).toBe('2 Applications');
    expect(plural(0, 'Application')).toBe('0 Applications');
    expect(plural(1.5, 'year')).toBe('1.5 years');
    expect(plural(-1, 'like')).toBe('-1 like');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(5, 'person', 'people')).toBe('5 people');
    expect(pluralNoun(1, 'profile view')).toBe('profile view');
    expect(pluralNoun(21, 'profile view')).toBe('profile views');
  });
});
