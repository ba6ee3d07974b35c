import { z } from 'zod';

import { ageOn } from '@arena/shared/age';
import type { ContractType } from '@arena/shared/constants';
import { cvFillRate } from '@arena/shared/cv-fill-rate';
import { MESSAGES } from '@arena/shared/messages';
import type { ScoutCard, ScoutPage, ScoutQuery } from '@arena/shared/scout.schema';

import { AppError } from '../../http/app-error.ts';
import { decodeCursorWith } from '../../http/cursor.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { ScoutingRepository, ScoutRow } from './scouting.repository.ts';

export type ScoutingService = ReturnType<typeof createScoutingService>;

const positionSchema = z
  .tuple([z.number(), z.iso.datetime({ offset: true }), z.uuid()])
  .transform(([key, at, id]) => ({ key, at, id }));

function encode(row: ScoutRow): string {
  const at = new Date(row.at).toISOString();
  return Buffer.from(JSON.stringify([Number(row.key), at, row.id])).toString('base64url');
}

function toCard(row: ScoutRow): ScoutCard {
  const weightKg = row.weightKg === null ? null : Number(row.weightKg);
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    sport: row.sport as ScoutCard['sport'],
    mainPosition: row.mainPosition,
    otherPositions: row.otherPositions,
    // The age, never the date (a minor's included).
    age: row.birthdate ? ageOn(row.birthdate) : null,
    heightCm: row.heightCm,
    weightKg,
    nationalities: row.nationalities,
    country: row.country,
    // A minor's too: only verified organisations and admins search (decision 0044).
    city: row.city,
    sex: row.sex as ScoutCard['sex'],
    availabilityStatus: row.availabilityStatus as ScoutCard['availabilityStatus'],
    lastClub: row.lastClub,
    openTo: row.openTo as ContractType[] | null,
    cvFillRate: cvFillRate({
      fullName: row.fullName,
      bio: row.bio,
      avatarUrl: row.avatarUrl,
      athlete: { ...row, weightKg },
      careerCount: row.careerCount,
      awardsCount: row.awardsCount,
    }),
  };
}

/** Scout search (issue 24): for verified clubs, agents and coaches, and admins. */
export function createScoutingService(
  repo: ScoutingRepository,
  verifiedOrAdmin: (profileId: string) => Promise<boolean>,
) {
  return {
    async search(auth: AuthContext, query: ScoutQuery): Promise<ScoutPage> {
      if (!(await verifiedOrAdmin(auth.profileId))) {
        throw new AppError('forbidden', MESSAGES.scout.verifiedOnly);
      }
      const rows = await repo.search(
        auth.profileId,
        query,
        decodeCursorWith(query.cursor, positionSchema),
        query.limit,
      );
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map(toCard),
        nextCursor: rows.length > query.limit && last ? encode(last) : null,
      };
    },
  };
}
