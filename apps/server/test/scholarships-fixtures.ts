import { expect } from 'vitest';

import type { Scholarship } from '@arena/shared/scholarship.schema';

import type { SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';

/** A week from now: a scholarship's deadline must be in the future. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A valid scholarship, as the form sends it. */
export const scholarshipBody = {
  title: 'Women’s soccer — full ride 2027',
  institution: 'Lakeside University',
  sport: 'football',
  country: 'United States',
  level: 'ncaa-d1',
  coverage: 'full',
  amount: '$48,000 a year',
  places: 2,
  ageMin: 17,
  ageMax: 19,
  academicRequirements: 'GPA 3.0 or higher',
  positions: 'Goalkeeper, Defender',
  deadline: inDays(30),
  description: 'Four years of tuition, housing and meals for student-athletes.',
  howToApply: 'Apply here with your highlights and transcript.',
};

/** The scholarship suites' requests on `context()`'s app (PATCH included). */
export function scholarshipsHelpers(context: () => TestContext) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    user: SignedUp | null,
    payload?: object,
  ) => context().app.inject({ method, url, headers: user?.bearer ?? {}, payload });

  const postScholarship = async (poster: SignedUp, patch: object = {}) => {
    const response = await call('POST', '/api/scholarships', poster, {
      ...scholarshipBody,
      ...patch,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Scholarship>();
  };

  return { call, postScholarship };
}
