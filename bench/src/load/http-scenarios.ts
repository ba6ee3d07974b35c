import {
  OFFER_FILTER_PRIMARY_SPORTS,
  SCHOLARSHIP_COVERAGES,
  SCHOLARSHIP_LEVELS,
  SPORTS,
} from '@arena/shared/constants';

import type { BenchSample } from './sample.ts';
import { authHeaders, type Session } from './sessions.ts';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  session: Session;
  body?: unknown;
}

export interface ScenarioContext {
  url: string;
  sample: BenchSample;
  /** The signed-in members, in the order of `sample.users`. */
  sessions: Session[];
}

export interface HttpScenario {
  name: string;
  title: string;
  write: boolean;
  /** Work done once before the run (not measured), e.g. fetching the cursors of page two. */
  prepare?: (context: ScenarioContext) => Promise<void>;
  /** The k-th request of the run: k rotates the members, so tokens rotate across connections. */
  request: (context: ScenarioContext, k: number) => RequestSpec;
}

/** A request as it goes on the wire: the member's headers, and the body as JSON text. */
export function wireRequest(spec: RequestSpec) {
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers: Record<string, string> = {
    ...authHeaders(spec.session),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  return { method: spec.method, path: spec.path, headers, body };
}

const at = <T>(items: readonly T[], k: number): T => {
  if (items.length === 0) throw new Error('The seeded data has nothing for this scenario');
  return items[k % items.length] as T;
};

const feedCursors = new Map<string, string>();

export const HTTP_SCENARIOS: HttpScenario[] = [
  {
    name: 'feed',
    title: 'Feed, first page',
    write: false,
    request: ({ sessions }, k) => ({ method: 'GET', path: '/api/feed', session: at(sessions, k) }),
  },
  {
    name: 'feed-next',
    title: 'Feed, next page',
    write: false,
    async prepare({ url, sessions }) {
      for (const session of sessions) {
        if (feedCursors.has(session.user.profileId)) continue;
        const response = await fetch(`${url}/api/feed`, { headers: authHeaders(session) });
        const page = (await response.json()) as { nextCursor: string | null };
        if (page.nextCursor) feedCursors.set(session.user.profileId, page.nextCursor);
      }
    },
    request: ({ sessions }, k) => {
      const session = at(sessions, k);
      const cursor = feedCursors.get(session.user.profileId);
      return {
        method: 'GET',
        path: cursor ? `/api/feed?cursor=${encodeURIComponent(cursor)}` : '/api/feed',
        session,
      };
    },
  },
  {
    name: 'profile',
    title: 'Profile page (profile, CV or organisation, posts)',
    write: false,
    request: ({ sessions, sample }, k) => {
      const name = at(sample.usernames, Math.floor(k / 3));
      // The middle request is the athlete's CV, or an organisation's profile of its own kind.
      const about = sample.organizations.has(name) ? '/organization' : '/cv';
      const part = ['', about, '/posts'][k % 3] as string;
      const path = `/api/profiles/${encodeURIComponent(name)}${part}`;
      return { method: 'GET', path, session: at(sessions, k) };
    },
  },
  {
    name: 'discover',
    title: 'Discover (newest, 1 in 5 filtered by name)',
    write: false,
    request: ({ sessions, sample }, k) => ({
      method: 'GET',
      path:
        k % 5 === 0
          ? `/api/people/discover?q=${encodeURIComponent(at(sample.searchTerms, k))}`
          : '/api/people/discover',
      session: at(sessions, k),
    }),
  },
  {
    name: 'suggestions',
    title: 'Suggested connections',
    write: false,
    request: ({ sessions }, k) => ({
      method: 'GET',
      path: '/api/people/suggestions',
      session: at(sessions, k),
    }),
  },
  {
    name: 'search',
    title: 'Search box',
    write: false,
    request: ({ sessions, sample }, k) => ({
      method: 'GET',
      path: `/api/people/search?q=${encodeURIComponent(at(sample.searchTerms, k))}`,
      session: at(sessions, k),
    }),
  },
  {
    name: 'offers',
    title: 'Offers (1 in 4 filtered by sport)',
    write: false,
    request: ({ sessions }, k) => ({
      method: 'GET',
      path: k % 4 === 0 ? `/api/offers?sport=${at(OFFER_FILTER_PRIMARY_SPORTS, k)}` : '/api/offers',
      session: at(sessions, k),
    }),
  },
  {
    name: 'camps',
    title: 'Sport camps (random filters, 1 in 5 past)',
    write: false,
    request: ({ sessions, sample }, k) => {
      const bits = (k * 2654435761) >>> 0;
      const on = (bit: number) => ((bits >>> bit) & 1) === 1;
      const params = new URLSearchParams();
      if (k % 5 === 0) params.set('tab', 'past');
      if (on(0)) params.set('sport', at(['football', 'basketball', 'tennis', 'volleyball'], k));
      if (on(1) && sample.scoutTerms.places.length > 0) {
        params.set('country', at(sample.scoutTerms.places, k >>> 2).country);
      }
      if (on(2)) {
        const month = new Date();
        month.setUTCMonth(month.getUTCMonth() + (k % 7) - (k % 5 === 0 ? 6 : 0));
        params.set('month', month.toISOString().slice(0, 7));
      }
      if (on(3)) params.set('age', String(at([10, 12, 14, 16, 18, 21], k >>> 4)));
      if (on(4)) params.set('price', at(['free', '100', '300'], k >>> 5));
      return { method: 'GET', path: `/api/camps?${params.toString()}`, session: at(sessions, k) };
    },
  },
  {
    name: 'scholarships',
    title: 'Scholarships (random filters)',
    write: false,
    request: ({ sessions, sample }, k) => {
      const bits = (k * 2654435761) >>> 0;
      const on = (bit: number) => ((bits >>> bit) & 1) === 1;
      const params = new URLSearchParams();
      if (on(0)) params.set('sport', at(['football', 'basketball', 'tennis', 'volleyball'], k));
      if (on(1) && sample.scoutTerms.places.length > 0) {
        params.set('country', at(sample.scoutTerms.places, k >>> 2).country);
      }
      if (on(2)) params.set('level', at(SCHOLARSHIP_LEVELS, k >>> 3));
      if (on(3)) params.set('coverage', at(SCHOLARSHIP_COVERAGES, k >>> 4));
      return {
        method: 'GET',
        path: `/api/scholarships?${params.toString()}`,
        session: at(sessions, k),
      };
    },
  },
  {
    name: 'conversations',
    title: 'Conversation list',
    write: false,
    request: ({ sessions, sample }, k) => ({
      method: 'GET',
      path: '/api/conversations',
      session: at(sessions, at(sample.conversations, k).user),
    }),
  },
  {
    name: 'messages',
    title: "A conversation's messages",
    write: false,
    request: ({ sessions, sample }, k) => {
      const { user, conversationId } = at(sample.conversations, k);
      return {
        method: 'GET',
        path: `/api/conversations/${conversationId}/messages`,
        session: at(sessions, user),
      };
    },
  },
  {
    name: 'cv-pdf',
    title: "An athlete's CV as a PDF (their own)",
    write: false,
    request: ({ sessions, sample }, k) => {
      const index = at(sample.athletes, k);
      const username = at(sample.users, index).username;
      return {
        method: 'GET',
        path: `/api/profiles/${encodeURIComponent(username)}/cv.pdf`,
        session: at(sessions, index),
      };
    },
  },
  {
    name: 'scout',
    title: 'Scout search (random filter combinations)',
    write: false,
    request: ({ sessions, sample }, k) => {
      // Each bit of a number drawn from k turns a filter on: every combination comes up.
      const bits = (k * 2654435761) >>> 0;
      const on = (bit: number) => ((bits >>> bit) & 1) === 1;
      const params = new URLSearchParams();
      if (on(0)) params.set('sport', at(['football', 'basketball', 'tennis', 'volleyball'], k));
      if (on(1) && sample.scoutTerms.positions.length > 0) {
        params.set('position', at(sample.scoutTerms.positions, k));
      }
      if (on(2)) {
        const [low, high] = at(
          [
            [16, 19],
            [18, 23],
            [21, 30],
            [13, 17],
          ] as const,
          k >>> 3,
        );
        params.set('ageMin', String(low));
        params.set('ageMax', String(high));
      }
      if (on(3)) params.set('heightMin', String(at([165, 175, 185], k)));
      if (on(4)) params.set('weightMax', String(at([70, 80, 95], k)));
      if (on(5) && sample.scoutTerms.nationalities.length > 0) {
        params.set('nationality', at(sample.scoutTerms.nationalities, k));
      }
      if (on(6)) params.set('sex', at(['Male', 'Female'], k));
      if (on(7)) params.set('available', 'true');
      if (on(8)) params.set('open', 'true');
      if (on(9)) params.set('q', at(sample.searchTerms, k));
      // Where they live: a country, a city (alone, or in that country), whatever the case.
      const place = sample.scoutTerms.places.length > 0 ? at(sample.scoutTerms.places, k) : null;
      if (on(10) && place) params.set('country', place.country.toLowerCase());
      if (on(11) && place) params.set('city', place.city);
      params.set('sort', at(['relevance', 'activity', 'completeness'], k >>> 10));
      return {
        method: 'GET',
        path: `/api/scout/athletes?${params.toString()}`,
        session: at(sessions, at(sample.scouts, k)),
      };
    },
  },
  {
    name: 'create-post',
    title: 'Create a post',
    write: true,
    request: ({ sessions }, k) => ({
      method: 'POST',
      path: '/api/posts',
      session: at(sessions, k),
      body: {
        content: `Bench post ${k}: back at training this morning, feeling sharp ahead of the weekend.`,
        sport: at(SPORTS, k),
      },
    }),
  },
  {
    name: 'like',
    title: 'Toggle a like (like, then unlike)',
    write: true,
    request: ({ sessions, sample }, k) => {
      // Each member walks the recent posts, liking one and unliking it on their next turn.
      const round = Math.floor(k / sessions.length);
      const post = at(sample.postIds, Math.floor(round / 2) * 7 + (k % sessions.length));
      return {
        method: round % 2 === 0 ? 'PUT' : 'DELETE',
        path: `/api/posts/${post}/like`,
        session: at(sessions, k),
      };
    },
  },
];
