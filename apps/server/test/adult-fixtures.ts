import { expect } from 'vitest';

import type { SignUpInput } from '@arena/shared/auth.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';

/** A birthdate that makes a player an adult in any year the tests run. */
const ADULT_BIRTHDATE = '1995-04-02';

/**
 * A player with an adult birthdate on their CV. A player without one is treated as a minor
 * (issue 25), whom adults outside verified organisations cannot message and whose first
 * messages from strangers become requests: suites about messaging itself start from adults.
 */
export async function signUpAdult(
  context: TestContext,
  overrides: Partial<SignUpInput> = {},
): Promise<SignedUp> {
  const user = await signUp(context, overrides);
  if ((overrides.userType ?? 'player') !== 'player') return user;
  const response = await context.app.inject({
    method: 'PATCH',
    url: '/api/me/cv/athlete',
    headers: user.bearer,
    payload: { sport: 'football', birthdate: ADULT_BIRTHDATE },
  });
  expect(response.statusCode, response.body).toBe(200);
  return user;
}
