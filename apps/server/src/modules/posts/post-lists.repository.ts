import { type SQL, sql } from 'drizzle-orm';

import type { Sport } from '@arena/shared/constants';
import { LIMITS } from '@arena/shared/limits';
import type { FeedItem, Post } from '@arena/shared/post.schema';
import type { ProfileSummary } from '@arena/shared/profile.schema';

import type { Database } from '../../db/database.ts';
import {
  prepareRows,
  type PreparedRows,
  type RawRow,
  isoTimestampOf,
} from '../../db/prepared-rows.ts';
import type { Position } from '../../http/cursor.ts';
import { imageSizes } from '../media/image-sizes.ts';
import { publicUrl } from '../media/media.service.ts';
import { type VideoColumns, videoView } from '../videos/video-view.ts';
import { hiddenFrom } from '../safety/safety.sql.ts';
import { videoShownTo } from '../videos/video-visibility.sql.ts';

// In posts, reposts and likes alike, `user_id` holds a profile id, not the auth user's: the
// column name is the spec's and stays (posts.tables.ts says why).

/** What a page lists: the feed (every post, the reposts of the people followed) or a profile's. */
export type ListFilter = { feedOf: string; sport?: Sport | undefined } | { profileId: string };

/** One entry of a list, with where it came from: the merge needs each source's own order. */
export interface ListEntry {
  source: 'post' | 'repost';
  at: Date;
  /** The post's id, or the repost's. */
  id: string;
  item: FeedItem;
}

/**
 * The statement's values, each as `(SELECT $n)`: to the planner the result of an initplan, a
 * value it does not look at while planning. So every call plans alike (this viewer or that one,
 * following ten members or a thousand, this cursor or that), and PostgreSQL keeps one generic
 * plan for the prepared statement instead of planning it again on every call: as plain
 * parameters, planning a page took 1.8 ms for 0.5 ms of execution on `large`. Each value still
 * reaches its index as an index condition when the statement runs.
 */
const value = {
  viewer: sql`(SELECT ${sql.placeholder('viewer')}::uuid)`,
  sport: sql`(SELECT ${sql.placeholder('sport')}::text)`,
  owner: sql`(SELECT ${sql.placeholder('owner')}::uuid)`,
  afterAt: sql`(SELECT ${sql.placeholder('afterAt')}::timestamptz)`,
  afterId: sql`(SELECT ${sql.placeholder('afterId')}::uuid)`,
};

interface Shape {
  /** A signed-in viewer (their liked / reposted / following flags) or a visitor. */
  viewer: boolean;
  feed: boolean;
  sport: boolean;
  after: boolean;
}

/** `(time, id) < (cursor)`: strictly older than the last item of the previous page. */
const olderThan = (table: string) =>
  sql
    .raw(`(${table}.created_at, ${table}.id) < (`)
    .append(sql`${value.afterAt}, ${value.afterId})`);

const where = (conditions: (SQL | false)[]) => {
  const chosen = conditions.filter((condition): condition is SQL => condition !== false);
  return chosen.length ? sql` WHERE ${sql.join(chosen, sql` AND `)}` : sql``;
};

/** The viewer's flag on a post (a row of theirs in `from` where `match`), or false for a visitor. */
const flag = (shape: Shape, from: string, match: SQL) =>
  shape.viewer ? sql`EXISTS (SELECT 1 FROM ${sql.raw(from)} WHERE ${match})` : sql`false`;

type Shown = (profile: SQL) => SQL | false;

/** Post `alias` unless its video is still processing and the viewer is not its author. */
const videoShown = (shape: Shape, alias: string) =>
  videoShownTo(
    { status: sql.raw(`${alias}.media_status`), author: sql.raw(`${alias}.user_id`) },
    shape.viewer ? value.viewer : null,
  );

const repostsLimit = sql.raw(String(LIMITS.feedReposts));

/**
 * The post's columns that a card shows, as each branch of the page reads them: the branch has the
 * post's row in hand already (it checked it), so the page takes them from there instead of
 * looking each post up again.
 */
const POST_COLUMNS = [
  'id',
  'user_id',
  'content',
  'media_url',
  'media_type',
  'media_width',
  'media_height',
  'media_variant_widths',
  'sport',
  'likes_count',
  'comments_count',
  'reposts_count',
  'created_at',
  'edited_at',
  'media_status',
  'media_file_id',
  'media_duration_ms',
  'media_poster_path',
  'media_small_path',
] as const;
const postColumns = (alias: string) =>
  sql.raw(POST_COLUMNS.map((column) => `${alias}.${column}`).join(', '));

/**
 * What a repost `r` of post `rp` must pass to be listed: the sport asked for, nothing hidden
 * between the viewer and the reposter or the post's author, no video still processing.
 */
function repostChecks(shape: Shape, shown: Shown): (SQL | false)[] {
  return [
    shape.sport && sql`rp.sport = ${value.sport}`,
    shown(sql`r.user_id`),
    shown(sql`rp.user_id`),
    videoShown(shape, 'rp'),
  ];
}

/** A profile's newest reposts: read from its index in order, each checked as it is read. */
function profileReposts(shape: Shape, shown: Shown): SQL {
  return sql`SELECT 'repost', r.id, r.created_at, r.user_id, ${postColumns('rp')}
     FROM reposts r JOIN posts rp ON rp.id = r.post_id${where([
       sql`r.user_id = ${value.owner}`,
       shape.after && olderThan('r'),
       ...repostChecks(shape, shown),
     ])}
     ORDER BY r.created_at DESC, r.id DESC LIMIT ${repostsLimit}`;
}

/**
 * The newest reposts of the members the viewer follows. Each followed member's reposts are read
 * from their own index (`OFFSET 0` keeps that a lookup per followed member: the planner would
 * otherwise scan every repost of the network), all of them are put in order, and only then are
 * they checked, newest first, until ten pass: the checks run on the few rows a page shows, not
 * on every repost of everyone followed, which for a member following a thousand cost more than
 * all the rest of the page.
 */
function followedReposts(shape: Shape, shown: Shown): SQL {
  return sql`SELECT 'repost', r.id, r.created_at, r.user_id, ${postColumns('rp')}
     FROM (SELECT r.id, r.created_at, r.post_id, r.user_id
             FROM follows f
             CROSS JOIN LATERAL (SELECT r.id, r.created_at, r.post_id, r.user_id FROM reposts r${where(
               [sql`r.user_id = f.following_id`, shape.after && olderThan('r')],
             )} OFFSET 0) r
            WHERE f.follower_id = ${value.owner}
            ORDER BY r.created_at DESC, r.id DESC OFFSET 0) r
       JOIN posts rp ON rp.id = r.post_id${where(repostChecks(shape, shown))}
     ORDER BY r.created_at DESC, r.id DESC LIMIT ${repostsLimit}`;
}

/**
 * A page of a list in one statement: the newest posts (20) and the newest reposts (10) of the
 * list, chosen each from its own index with their post's row, then joined to the post's author,
 * the reposter and the viewer's flags for those 30 rows only. The service merges them by time and
 * cuts to 20.
 */
function statement(shape: Shape): SQL {
  const { viewer } = value;
  // Nothing of a member with a block between them and the viewer, or whom the viewer muted.
  const shown = (profile: SQL) => shape.viewer && sql`NOT ${hiddenFrom(viewer, profile)}`;
  const postsWhere = where([
    shape.feed && shape.sport && sql`p.sport = ${value.sport}`,
    !shape.feed && sql`p.user_id = ${value.owner}`,
    shape.after && olderThan('p'),
    shown(sql`p.user_id`),
    videoShown(shape, 'p'),
  ]);
  const reposts = shape.feed ? followedReposts(shape, shown) : profileReposts(shape, shown);
  return sql`
WITH entries AS (
  (SELECT 'post' AS source, p.id AS entry_id, p.created_at AS at, NULL::uuid AS reposter_id,
       ${postColumns('p')}
     FROM posts p${postsWhere}
     ORDER BY p.created_at DESC, p.id DESC LIMIT ${sql.raw(String(LIMITS.feedPosts))})
  UNION ALL
  (${reposts})
)
SELECT e.source, e.entry_id, e.at,
  e.id, e.content, e.media_url, e.media_type, e.media_width, e.media_height,
  e.media_variant_widths, e.sport, e.likes_count, e.comments_count, e.reposts_count, e.created_at,
  author.id, author.username, author.full_name, author.avatar_url, author.verified, author.user_type,
  reposter.id, reposter.username, reposter.full_name, reposter.avatar_url, reposter.verified,
  reposter.user_type,
  ${flag(shape, 'likes l', sql`l.user_id = ${viewer} AND l.post_id = e.id`)},
  ${flag(shape, 'reposts mine', sql`mine.user_id = ${viewer} AND mine.post_id = e.id`)},
  ${flag(shape, 'follows f', sql`f.follower_id = ${viewer} AND f.following_id = e.user_id`)},
  e.edited_at,
  e.media_status, e.media_file_id, e.media_duration_ms, e.media_poster_path, e.media_small_path
FROM entries e
  JOIN profiles author ON author.id = e.user_id
  LEFT JOIN profiles reposter ON reposter.id = e.reposter_id
ORDER BY e.at DESC, e.entry_id DESC`;
}

/** Six columns from `start`: a profile summary, as the statement selects it. */
function summaryAt(row: RawRow, start: number): ProfileSummary {
  return {
    id: row[start] as string,
    username: row[start + 1] as string,
    fullName: row[start + 2] as string,
    avatarUrl: row[start + 3] as string | null,
    verified: row[start + 4] as boolean,
    userType: row[start + 5] as ProfileSummary['userType'],
  };
}

/** A row of `statement`, in its column order, as an entry with its card. */
function decode(row: RawRow): ListEntry {
  const source = row[0] as ListEntry['source'];
  const id = row[1] as string;
  const atText = isoTimestampOf(row[2]);
  const mediaUrl = row[5] as string | null;
  const media: VideoColumns = {
    mediaType: row[6] as Post['mediaType'],
    mediaWidth: row[7] as number | null,
    mediaHeight: row[8] as number | null,
    mediaVariantWidths: row[9] as number[] | null,
    mediaStatus: row[31] as VideoColumns['mediaStatus'],
    mediaFileId: row[32] as string | null,
    mediaDurationMs: row[33] as number | null,
    mediaPosterPath: row[34] as string | null,
    mediaSmallPath: row[35] as string | null,
  };
  const post: Post = {
    id: row[3] as string,
    author: summaryAt(row, 15),
    content: row[4] as string,
    mediaUrl,
    mediaType: media.mediaType,
    mediaImage:
      media.mediaType === 'image'
        ? imageSizes({
            path: mediaUrl,
            width: media.mediaWidth,
            height: media.mediaHeight,
            variantWidths: media.mediaVariantWidths,
          })
        : null,
    video: videoView(media, (path) => publicUrl('post-media', path)),
    sport: row[10] as Post['sport'],
    likesCount: row[11] as number,
    commentsCount: row[12] as number,
    repostsCount: row[13] as number,
    createdAt: isoTimestampOf(row[14]),
    editedAt: row[30] === null ? null : isoTimestampOf(row[30]),
    likedByMe: row[27] as boolean,
    repostedByMe: row[28] as boolean,
    followingAuthor: row[29] as boolean,
  };
  return {
    source,
    at: new Date(atText),
    id,
    item: {
      key: `${source}:${id}`,
      kind: source,
      at: atText,
      repostedBy: source === 'repost' ? summaryAt(row, 21) : null,
      post,
    },
  };
}

/**
 * The post lists (the feed, a profile's posts and reposts). Each shape (viewer or visitor, feed
 * or profile, sport, cursor) is rendered and prepared the first time it is needed; afterwards
 * only its values change.
 */
export function createPostLists(db: Database) {
  const prepared = new Map<string, PreparedRows<ListEntry>>();

  return {
    /** Up to 20 posts and 10 reposts of a list, older than `after`, newest first. */
    listPage: (
      viewerId: string | null,
      filter: ListFilter,
      after: Position | null,
    ): Promise<ListEntry[]> => {
      const feed = 'feedOf' in filter;
      const sport = feed ? filter.sport : undefined;
      const shape: Shape = {
        viewer: viewerId !== null,
        feed,
        sport: sport !== undefined,
        after: after !== null,
      };
      const key = `post_list_${Object.values(shape)
        .map((on) => (on ? '1' : '0'))
        .join('')}`;
      let query = prepared.get(key);
      if (!query) {
        query = prepareRows(db, key, statement(shape), decode);
        prepared.set(key, query);
      }
      return query.execute({
        viewer: viewerId,
        owner: feed ? filter.feedOf : filter.profileId,
        sport,
        afterAt: after?.createdAt.toISOString(),
        afterId: after?.id,
      });
    },
  };
}
