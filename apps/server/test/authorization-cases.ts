import { ACCOUNTS_CASES } from './authorization-cases-accounts.ts';
import { CAMPS_CASES } from './authorization-cases-camps.ts';
import { MESSAGE_REQUESTS_CASES } from './authorization-cases-message-requests.ts';
import { MESSAGES_CASES } from './authorization-cases-messages.ts';
import { MODERATION_CASES } from './authorization-cases-moderation.ts';
import { MINORS_CASES } from './authorization-cases-minors.ts';
import { NOTIFICATIONS_CASES } from './authorization-cases-notifications.ts';
import { OFFERS_CASES } from './authorization-cases-offers.ts';
import { PIPELINE_CASES } from './authorization-cases-pipeline.ts';
import { POSTS_CASES } from './authorization-cases-posts.ts';
import { PROFILES_CASES } from './authorization-cases-profiles.ts';
import { PUBLIC_PROFILE_CASES } from './authorization-cases-public-profile.ts';
import { SAFETY_CASES } from './authorization-cases-safety.ts';
import { SCHOLARSHIPS_CASES } from './authorization-cases-scholarships.ts';
import { SCOUTING_CASES } from './authorization-cases-scouting.ts';
import { SIGN_IN_CASES } from './authorization-cases-sign-in.ts';
import type { MatrixCase } from './authorization-support.ts';

export type { MatrixCase, Outcome } from './authorization-support.ts';

/**
 * The authorization matrix: for every route of the server, what each kind of caller gets.
 * Keys are the route table's `METHOD /url`; a route without an entry fails the suite. The cases
 * are kept by area, a file each; no route is in two of them.
 */
export const MATRIX: Record<string, MatrixCase[]> = {
  ...ACCOUNTS_CASES,
  ...SIGN_IN_CASES,
  ...PROFILES_CASES,
  ...PUBLIC_PROFILE_CASES,
  ...POSTS_CASES,
  ...MESSAGES_CASES,
  ...MESSAGE_REQUESTS_CASES,
  ...OFFERS_CASES,
  ...PIPELINE_CASES,
  ...NOTIFICATIONS_CASES,
  ...SCOUTING_CASES,
  ...SCHOLARSHIPS_CASES,
  ...CAMPS_CASES,
  ...SAFETY_CASES,
  ...MODERATION_CASES,
  ...MINORS_CASES,
};
