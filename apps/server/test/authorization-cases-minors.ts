import { everyone, json, members, type MatrixCase } from './authorization-support.ts';

/**
 * The authorization matrix (authorization-cases.ts): the missing birthdate and guardians. The
 * world's members are adults (the player's CV says 2000) and organisations: a birthdate is given
 * once, by players only; a guardian is an under-18 athlete's (minors.test.ts and
 * guardians.test.ts cover the minors' side).
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
      name: 'an adult adding a guardian',
      request: () => json('PUT', '/api/me/guardian', { email: 'guardian@matrix.test' }),
      expect: members(403),
    },
  ],
  'DELETE /api/me/guardian': [
    {
      name: 'removing a guardian one does not have',
      request: () => json('DELETE', '/api/me/guardian'),
      expect: members(404),
    },
  ],
  'POST /api/guardians/confirm': [
    {
      name: 'a forged confirmation link',
      request: () => json('POST', '/api/guardians/confirm', { token: 'forged.token.value' }),
      expect: everyone(400),
    },
  ],
};
