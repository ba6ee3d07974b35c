import { plural } from '@arena/shared/plural';
import type { Camp } from '@arena/shared/camp.schema';

/*
 * How a camp's facts read on its card and its page. Camp days are calendar dates (decision
 * 0047): they are read and written in UTC so that no time zone moves a day.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(day: string): { year: number; month: string; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month: MONTHS[month - 1] ?? '', date };
}

/** '12 Jul 2027'. */
function formatCampDay(day: string): string {
  const { year, month, date } = parts(day);
  return `${date} ${month} ${year}`;
}

/** '12–16 Jul 2027', '30 Jul – 2 Aug 2027', '30 Dec 2027 – 2 Jan 2028', or one day. */
export function formatCampDates(startsOn: string, endsOn: string): string {
  if (startsOn === endsOn) return formatCampDay(startsOn);
  const start = parts(startsOn);
  const end = parts(endsOn);
  if (start.year !== end.year) return `${formatCampDay(startsOn)} – ${formatCampDay(endsOn)}`;
  if (start.month !== end.month) {
    return `${start.date} ${start.month} – ${end.date} ${end.month} ${end.year}`;
  }
  return `${start.date}–${end.date} ${end.month} ${end.year}`;
}

/** '2027-07' → 'Jul 2027'. */
export function formatMonth(month: string): string {
  const [year, number = 1] = month.split('-').map(Number);
  return `${MONTHS[number - 1] ?? ''} ${year}`;
}

/** 'Free', '€49.50', '$120'. */
export function formatCampPrice(camp: Pick<Camp, 'price' | 'currency'>): string {
  if (camp.price === 0 || camp.currency === null) return 'Free';
  const whole = Number.isInteger(camp.price);
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: camp.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(camp.price);
}

/** 'Porto, Portugal' or 'Online'. */
export function campPlace(camp: Pick<Camp, 'online' | 'city' | 'country'>): string {
  if (camp.online) return 'Online';
  return [camp.city, camp.country].filter(Boolean).join(', ');
}

/** 'Ages 12–16', 'Ages 12+', 'Up to 16', or 'All ages'. */
export function campAges(camp: Pick<Camp, 'ageMin' | 'ageMax'>): string {
  if (camp.ageMin !== null && camp.ageMax !== null) {
    return camp.ageMin === camp.ageMax
      ? `Age ${camp.ageMin}`
      : `Ages ${camp.ageMin}–${camp.ageMax}`;
  }
  if (camp.ageMin !== null) return `Ages ${camp.ageMin}+`;
  if (camp.ageMax !== null) return `Up to age ${camp.ageMax}`;
  return 'All ages';
}

/** '3 places left', or 'Full — waiting list'. */
export function campPlacesLeft(camp: Pick<Camp, 'placesLeft'>): string {
  return camp.placesLeft > 0 ? `${plural(camp.placesLeft, 'place')} left` : 'Full — waiting list';
}
