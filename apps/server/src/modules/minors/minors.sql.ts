import { type SQL, sql } from 'drizzle-orm';

import { isMinor } from '../safety/safety.sql.ts';

/*
 * Where minors (13 to 17, or players without a birthdate yet) are left out of lists, issue 25:
 * an adult does not get them in suggestions or Discover, nor in people search unless the adult
 * is a verified organisation. Minors still find each other. The viewer's side is a subquery that
 * does not depend on the listed row: PostgreSQL runs it once per statement (an InitPlan), so the
 * lists keep their index plans and pay one EXISTS per row they return.
 */

type ProfileRef = SQL | string;

const ref = (profile: ProfileRef): SQL =>
  typeof profile === 'string' ? sql`${profile}::uuid` : profile;

/** A verified club, agent or coach. */
function isVerifiedOrganisation(viewer: ProfileRef): SQL {
  return sql`EXISTS (SELECT 1 FROM profiles vo
    WHERE vo.id = ${ref(viewer)} AND vo.verified AND vo.user_type <> 'player')`;
}

/** `profile` may appear in `viewer`'s suggestions and Discover. */
export function suggestableTo(viewer: ProfileRef, profile: ProfileRef): SQL {
  return sql`(${isMinor(viewer)} OR NOT ${isMinor(profile)})`;
}

/** `profile` may appear in `viewer`'s people search. */
export function searchableBy(viewer: ProfileRef, profile: ProfileRef): SQL {
  return sql`(${isMinor(viewer)} OR ${isVerifiedOrganisation(viewer)} OR NOT ${isMinor(profile)})`;
}
