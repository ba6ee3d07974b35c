import { ignoresCaller, json, type MatrixCase, members, must } from './authorization-support.ts';

/**
 * The authorization matrix (authorization-cases.ts): the missing birthdate and guardians. A
 * birthdate is given once, by players only (every player of the world has one); a guardian is an
 * under-18 athlete's (minors.test.ts and guardians.test.ts cover the rest of the minors' side).
 */
export const MINORS_CASES: Record<string, MatrixCase[]> = {
  'PUT /api/me/birthdate': [
    {
      name: 'giving a birthdate again, or as an organisation',
      request: () => json('PUT', '/api/me/birthdate', { birthdate: '1999-01-01' }),
      expect: {
        visitor: 401,
        player: 409,
        otherPlayer: 409,
        unverifiedClub: 403,
        verifiedClub: 403,
        otherVerifiedClub: 403,
        // The admin signed up as a player (an adult's birthdate).
        admin: 409,
      },
    },
  ],
  'PUT /api/me/guardian': [
    {
      name: 'adding a guardian: an under-18 athlete’s only',
      request: () => json('PUT', '/api/me/guardian', { email: 'guardian@matrix.test' }),
      expect: members(403, { minor15: 200, minor17: 200 }),
    },
  ],
  'DELETE /api/me/guardian': [
    {
      name: 'removing a guardian: the minors have one, the others none',
      prepare: async (world) => {
        for (const minor of ['minor15', 'minor17'] as const) {
          await must(
            world,
            minor,
            json('PUT', '/api/me/guardian', { email: 'parent@matrix.test' }),
          );
        }
        return {};
      },
      request: () => json('DELETE', '/api/me/guardian'),
      expect: members(404, { minor15: 200, minor17: 200 }),
    },
  ],
  'POST /api/guardians/confirm': [
    {
      name: 'a forged confirmation link',
      request: () => json('POST', '/api/guardians/confirm', { token: 'forged.token.value' }),
      expect: ignoresCaller(400),
    },
  ],
};
