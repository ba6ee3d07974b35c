import { z } from 'zod';

import { CAMP_CLOSED_REASONS, type Camp } from '@arena/shared/camp.schema';

import type { CampPosition, CampsRepository } from './camps.repository.ts';

type CampRow = NonNullable<Awaited<ReturnType<CampsRepository['findView']>>>;

/** The camp as the API gives it, from its row; `canManage` for its organiser or an admin. */
export function toCamp(row: CampRow, canManage: boolean): Camp {
  return {
    id: row.id,
    title: row.title,
    sport: row.sport,
    organizer: row.organizer,
    description: row.description,
    online: row.online,
    venue: row.venue,
    city: row.city,
    country: row.country,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    level: row.level,
    price: row.priceMinor / 100,
    currency: row.currency,
    capacity: row.capacity,
    placesLeft: Math.max(0, row.capacity - row.bookedCount),
    waitlistCount: row.waitlistCount,
    registrationDeadline: row.registrationDeadline?.toISOString() ?? null,
    whatToBring: row.whatToBring,
    contact: row.contact,
    image: row.imageUrl
      ? {
          url: row.imageUrl,
          width: row.imageWidth,
          height: row.imageHeight,
          variantWidths: row.imageVariantWidths,
        }
      : null,
    poster: row.poster,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    // The database's CASE says it as text: read back as one of the reasons.
    closedReason: CAMP_CLOSED_REASONS.find((reason) => reason === row.closedReason) ?? null,
    myRegistration: row.myStatus
      ? { status: row.myStatus, waitlistPosition: row.waitlistPosition }
      : null,
    canManage,
  };
}

/**
 * A camps list's cursor: the day the list is ordered by (a start, or an end for Past) and the
 * id of the last camp seen. A day outside 1970–9999 or an id that is no UUID is refused.
 */
export const campCursorSchema: z.ZodType<CampPosition> = z
  .tuple([z.iso.date().refine((day) => day >= '1970-01-01'), z.uuid()])
  .transform(([day, id]) => ({ day, id }));

export function encodeCampCursor(day: string, id: string): string {
  return Buffer.from(JSON.stringify([day, id])).toString('base64url');
}
