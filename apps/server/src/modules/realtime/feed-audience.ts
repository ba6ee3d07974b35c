/**
 * Which of this instance's feed listeners follow whom, so that a new post or repost reaches only
 * the followers of its author (or reposter) who are online here: the work of one post is
 * proportional to those followers, not to everyone connected. Each listener's follows are read
 * once when it subscribes to the feed and kept in step by follow changes heard on the bus.
 */
export interface FeedAudience<C> {
  /**
   * Adds `connection` of `profileId` once `following` (whom they follow) is read. Changes heard
   * for that member while it was being read are applied on top, so none is lost in between.
   */
  join(
    connection: C,
    profileId: string,
    readFollowing: () => Promise<readonly string[]>,
  ): Promise<void>;
  leave(connection: C): void;
  /** The connections whose member follows `authorId`. */
  followersOf(authorId: string): ReadonlySet<C>;
  /** A follow began or ended anywhere in the fleet. */
  changed(followerId: string, followeeId: string, following: boolean): void;
}

interface Member<C> {
  following: Set<string>;
  connections: Set<C>;
}

interface Change {
  followeeId: string;
  following: boolean;
}

const NOBODY: ReadonlySet<never> = new Set();

export function createFeedAudience<C>(): FeedAudience<C> {
  const byAuthor = new Map<string, Set<C>>();
  const members = new Map<string, Member<C>>();
  const memberOf = new Map<C, string>();
  /** Connections whose member's follows are being read; `leave` before the read ends drops them. */
  const joining = new Set<C>();
  /** Changes heard while a member's follows were being read, by member. */
  const reading = new Map<string, { readers: number; changes: Change[] }>();

  const hear = (connection: C, authorId: string) => {
    const listeners = byAuthor.get(authorId) ?? new Set<C>();
    listeners.add(connection);
    byAuthor.set(authorId, listeners);
  };
  const forget = (connection: C, authorId: string) => {
    const listeners = byAuthor.get(authorId);
    listeners?.delete(connection);
    if (listeners?.size === 0) byAuthor.delete(authorId);
  };

  const apply = (member: Member<C>, change: Change) => {
    if (change.following === member.following.has(change.followeeId)) return;
    if (change.following) member.following.add(change.followeeId);
    else member.following.delete(change.followeeId);
    for (const connection of member.connections) {
      if (change.following) hear(connection, change.followeeId);
      else forget(connection, change.followeeId);
    }
  };

  const leave = (connection: C) => {
    joining.delete(connection);
    const profileId = memberOf.get(connection);
    if (profileId === undefined) return;
    memberOf.delete(connection);
    const member = members.get(profileId);
    if (!member) return;
    member.connections.delete(connection);
    for (const authorId of member.following) forget(connection, authorId);
    if (member.connections.size === 0) members.delete(profileId);
  };

  return {
    async join(connection, profileId, readFollowing) {
      leave(connection);
      joining.add(connection);
      const pending = reading.get(profileId) ?? { readers: 0, changes: [] };
      pending.readers += 1;
      reading.set(profileId, pending);
      let following: readonly string[];
      try {
        following = await readFollowing();
      } finally {
        pending.readers -= 1;
        if (pending.readers === 0) reading.delete(profileId);
      }
      // The socket closed or left the feed while its follows were read.
      if (!joining.delete(connection)) return;
      const member = members.get(profileId) ?? {
        following: new Set(following),
        connections: new Set<C>(),
      };
      members.set(profileId, member);
      // A fresh read wins over what an earlier connection of the same member kept.
      for (const followeeId of following) apply(member, { followeeId, following: true });
      for (const change of pending.changes) apply(member, change);
      member.connections.add(connection);
      memberOf.set(connection, profileId);
      for (const authorId of member.following) hear(connection, authorId);
    },

    leave,

    followersOf: (authorId) => byAuthor.get(authorId) ?? NOBODY,

    changed(followerId, followeeId, following) {
      reading.get(followerId)?.changes.push({ followeeId, following });
      const member = members.get(followerId);
      if (member) apply(member, { followeeId, following });
    },
  };
}
