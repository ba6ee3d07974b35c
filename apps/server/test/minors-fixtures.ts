import { sql } from 'drizzle-orm';

import type { TestContext } from './harness.ts';
import type { SignedUp } from './fixtures.ts';

/** A birthdate that makes someone `years` old today (a few days past their birthday). */
export function birthdateAged(years: number, today = new Date()): string {
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 5),
  );
  return date.toISOString().slice(0, 10);
}

/** Marks the member verified, as an approved verification request does. */
export async function markVerified(context: TestContext, member: SignedUp) {
  await context.database.db.execute(
    sql`UPDATE profiles SET verified = true WHERE id = ${member.session.profile.id}::uuid`,
  );
}

/** Removes the member's birthdate: an account from before sign-up asked for it. */
export async function forgetBirthdate(context: TestContext, member: SignedUp) {
  await context.database.db.execute(
    sql`UPDATE athlete_profiles SET birthdate = NULL WHERE profile_id = ${member.session.profile.id}::uuid`,
  );
}
