import type { Scholarship } from '@arena/shared/scholarship.schema';
import { differenceInCalendarDays, format } from 'date-fns';

/**
 * When applications close: 'Closes today', 'Closes tomorrow', 'Closes in 5 days' within two
 * weeks, the date after that.
 */
export function closesText(deadline: string, now = new Date()): string {
  const date = new Date(deadline);
  if (date.getTime() <= now.getTime()) return `Closed ${format(date, 'PP')}`;
  const days = differenceInCalendarDays(date, now);
  if (days === 0) return 'Closes today';
  if (days === 1) return 'Closes tomorrow';
  if (days <= 14) return `Closes in ${days} days`;
  return `Closes ${format(date, 'PP')}`;
}

/** '16–19', '16 and over', 'Up to 19', or 'Any age'. */
export function agesText({ ageMin, ageMax }: Pick<Scholarship, 'ageMin' | 'ageMax'>): string {
  if (ageMin !== null && ageMax !== null) return `${ageMin}–${ageMax}`;
  if (ageMin !== null) return `${ageMin} and over`;
  if (ageMax !== null) return `Up to ${ageMax}`;
  return 'Any age';
}

/** '2 available', or '1 of 2 left' once some are signed. */
export function placesLeftText({
  places,
  signedCount,
}: Pick<Scholarship, 'places' | 'signedCount'>) {
  if (signedCount === 0) return `${places} available`;
  return `${Math.max(places - signedCount, 0)} of ${places} left`;
}
