import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Camp, CampPage, CampsQuery } from '@arena/shared/camp.schema';

import { multipartFile, signUp, type SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';
import { markVerified } from './minors-fixtures.ts';

/** `YYYY-MM-DD`, `days` from today (UTC). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A valid camp, as the Post a camp form sends it: a week next month. */
export const campBody = () => ({
  title: 'Summer striker camp',
  sport: 'football',
  organizer: 'FC Arena Academy',
  description: 'Five days of finishing drills and small-sided games.',
  online: false,
  venue: 'Estádio do Mar',
  city: 'Porto',
  country: 'Portugal',
  startsOn: dayFromToday(30),
  endsOn: dayFromToday(34),
  ageMin: 12,
  ageMax: 17,
  level: 'intermediate',
  price: 149.5,
  currency: 'EUR',
  capacity: 20,
  registrationDeadline: null,
  whatToBring: 'Boots and shin guards',
  contact: 'camps@fcarena.test',
  imageUploadId: null,
});

/** The requests the camps suites make, each on `context()`'s app. */
export function campsHelpers(context: () => TestContext) {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: SignedUp | null,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });

  /** An organisation marked verified (the verification flow itself is verification.test.ts's). */
  async function verifiedClub(userType: 'club' | 'agent' | 'coach' = 'club') {
    const club = await signUp(context(), { userType });
    await markVerified(context(), club);
    return club;
  }

  const postCamp = async (poster: SignedUp, patch: object = {}) => {
    const response = await inject('POST', '/api/camps', poster, { ...campBody(), ...patch });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Camp>();
  };

  const register = (user: SignedUp, campId: string, kind: 'interested' | 'booked') =>
    inject('PUT', `/api/camps/${campId}/registration`, user, { kind });

  const unregister = (user: SignedUp, campId: string) =>
    inject('DELETE', `/api/camps/${campId}/registration`, user);

  const view = async (user: SignedUp | null, campId: string) => {
    const response = await inject('GET', `/api/camps/${campId}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Camp>();
  };

  const list = async (user: SignedUp | null, query: CampsQuery = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    const response = await inject('GET', `/api/camps${search ? `?${search}` : ''}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CampPage>();
  };

  /** Moves the camp's days, as time passing would (posting past days is refused). */
  async function moveDays(campId: string, startsOn: string, endsOn: string) {
    await context().database.db.execute(
      sql`UPDATE camps SET starts_on = ${startsOn}::date, ends_on = ${endsOn}::date
        WHERE id = ${campId}::uuid`,
    );
  }

  /** Uploads a photo as a post's photo is uploaded; returns the upload's id and URL. */
  async function uploadPhoto(user: SignedUp, bytes: Buffer, type = 'image/png') {
    const body = multipartFile('file', 'camp.png', type, bytes);
    const response = await context().app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...user.bearer, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; url: string }>();
  }

  return {
    inject,
    verifiedClub,
    postCamp,
    register,
    unregister,
    view,
    list,
    moveDays,
    uploadPhoto,
  };
}
