import { describe, expect, it } from 'vitest';

import { ageOn, isMinorBirthdate } from './age.ts';

describe('ageOn', () => {
  const today = new Date('2026-11-27T12:00:00Z');
  it('counts whole years, turning a year older on the birthday itself', () => {
    expect(ageOn('2008-11-27', today)).toBe(18);
    expect(ageOn('2008-11-28', today)).toBe(17);
    expect(ageOn('2008-12-01', today)).toBe(17);
    expect(ageOn('2013-01-15', today)).toBe(13);
  });
  it('treats a missing birthdate as a minor', () => {
    expect(isMinorBirthdate(null, today)).toBe(true);
    expect(isMinorBirthdate('2008-11-28', today)).toBe(true);
    expect(isMinorBirthdate('2008-11-27', today)).toBe(false);
  });
});
