import { type SQL, sql } from 'drizzle-orm';

/*
 * The conditions every module applies where one member meets another's content. Each takes a
 * profile id as a value or as an SQL expression (a column of the caller's query).
 */

type ProfileRef = SQL | string;

const ref = (profile: ProfileRef): SQL =>
  typeof profile === 'string' ? sql`${profile}::uuid` : profile;

/**
 * `profile`'s account is suspended or banned by a moderator (moderation): to everyone else their
 * profile, posts and comments do not exist until it ends (a suspension ends by itself: its time
 * is compared on every read).
 */
export function sanctioned(profile: ProfileRef): SQL {
  return sql`EXISTS (SELECT 1 FROM profiles ps JOIN users us ON us.id = ps.user_id
    WHERE ps.id = ${ref(profile)}
      AND (us.banned_at IS NOT NULL OR us.suspended_until > now()))`;
}

/**
 * A block between `a` and `b`, whichever blocked whom; or either is suspended or banned, which
 * hides them from everyone the same way.
 */
export function blockBetween(a: ProfileRef, b: ProfileRef): SQL {
  const [x, y] = [ref(a), ref(b)];
  return sql`(EXISTS (SELECT 1 FROM blocks bl
    WHERE (bl.blocker_id = ${x} AND bl.blocked_id = ${y})
       OR (bl.blocker_id = ${y} AND bl.blocked_id = ${x}))
    OR ${sanctioned(x)} OR ${sanctioned(y)})`;
}

/** `owner` blocked `viewer`: to the viewer, the owner's profile and posts do not exist. */
export function blockedBy(viewer: ProfileRef, owner: ProfileRef): SQL {
  return sql`EXISTS (SELECT 1 FROM blocks bl
    WHERE bl.blocker_id = ${ref(owner)} AND bl.blocked_id = ${ref(viewer)})`;
}

/** `viewer` muted `author`. */
export function mutedBy(viewer: ProfileRef, author: ProfileRef): SQL {
  return sql`EXISTS (SELECT 1 FROM mutes mu
    WHERE mu.muter_id = ${ref(viewer)} AND mu.muted_id = ${ref(author)})`;
}

/**
 * What `viewer` does not see of `author` in lists (feed, search, suggestions, comments,
 * notifications): a block either way, a mute by the viewer, or a suspended or banned author.
 */
export function hiddenFrom(viewer: ProfileRef, author: ProfileRef): SQL {
  return sql`(${blockBetween(viewer, author)} OR ${mutedBy(viewer, author)})`;
}

/**
 * `profile` is treated as a minor: a player under 18, or a player who has not given a birthdate
 * yet (asked for it at their next sign-in, and a minor until they answer). The birthdate is the
 * CV's (`athlete_profiles.birthdate`), which sign-up now asks of players.
 */
export function isMinor(profile: ProfileRef): SQL {
  // OFFSET 0 keeps this a lookup of the one profile for each row a list reads. Without it the
  // planner may instead collect every minor of the network first (a hashed subplan) when it
  // expects to read many rows, not seeing that the list stops after a page: on a million members
  // that cost 0.7 s for each 20-profile page of Discover.
  return sql`EXISTS (SELECT 1 FROM profiles pm
    LEFT JOIN athlete_profiles apm ON apm.profile_id = pm.id
    WHERE pm.id = ${ref(profile)} AND pm.user_type = 'player'
      AND (apm.birthdate IS NULL OR apm.birthdate > current_date - interval '18 years')
    OFFSET 0)`;
}
