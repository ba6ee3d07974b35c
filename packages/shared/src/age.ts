/*
 * Ages from birthdates. The policy's minimum age is 13; a player under 18 is a minor (high privacy
 * by default, adults outside verified organisations cannot message them, a guardian may be copied).
 */

export const MINIMUM_AGE = 13;
export const ADULT_AGE = 18;

/** Whole years from `birthdate` (YYYY-MM-DD) to `today` (a Date, read in UTC). */
export function ageOn(birthdate: string, today: Date = new Date()): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
}

/** A player without a birthdate is treated as a minor until they give it. */
export function isMinorBirthdate(birthdate: string | null, today: Date = new Date()): boolean {
  return birthdate === null || ageOn(birthdate, today) < ADULT_AGE;
}
