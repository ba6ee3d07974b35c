import { USER_TYPES, type UserType } from '@arena/shared/constants';

import type { Preset } from './presets.ts';
import { Random } from './random.ts';
import { DEMO_PEOPLE } from './demo-people.ts';
import {
  CITIES,
  CLUB_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  SEED_SPORTS,
  type SeedSport,
  teamName,
} from './words.ts';

/** Who each member is: name, username, email, type, sport, and the flags the data depends on. */
export interface People {
  count: number;
  type: Uint8Array;
  sport: Uint8Array;
  verified: Uint8Array;
  admin: Uint8Array;
  username: string[];
  fullName: string[];
  email: string[];
  /** Where each member lives and plays (one of CITIES); a club's name starts with it. */
  city: string[];
  /**
   * The organisation an agent, coach or club speaks for (a club: its own name), in its city;
   * the name on its offers and verification requests. Empty for players.
   */
  organization: string[];
}

/** Letters and digits only, for usernames built from names with accents and spaces. */
function slug(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export const EMAIL_DOMAIN = 'arena.example';

const typeIndex = (type: UserType) => USER_TYPES.indexOf(type);
const sportIndex = (sport: SeedSport) => SEED_SPORTS.indexOf(sport);

/** Share of each user type among generated members. */
const TYPE_SHARES: [UserType, number][] = [
  ['player', 0.72],
  ['coach', 0.1],
  ['agent', 0.07],
  ['club', 0.11],
];

function drawType(random: Random): UserType {
  let u = random.next();
  for (const [type, share] of TYPE_SHARES) {
    if (u < share) return type;
    u -= share;
  }
  return 'player';
}

const AGENCY_WORDS = ['Sports Management', 'Talent Group', 'Athletes Agency', 'Sports Partners'];

export function createPeople(preset: Preset, seed: string): People {
  const n = preset.users;
  const random = Random.stream(seed, 'people');
  const people: People = {
    count: n,
    type: new Uint8Array(n),
    sport: new Uint8Array(n),
    verified: new Uint8Array(n),
    admin: new Uint8Array(n),
    username: new Array<string>(n),
    fullName: new Array<string>(n),
    email: new Array<string>(n),
    city: new Array<string>(n),
    organization: new Array<string>(n),
  };
  const places = Random.stream(seed, 'people/places');
  const organizationOf = (type: UserType, fullName: string, city: string) => {
    if (type === 'player') return '';
    if (type === 'club') return fullName;
    return teamName(city, places.pick(CLUB_WORDS));
  };

  for (let i = 0; i < n; i++) {
    const demo = preset.readable ? DEMO_PEOPLE[i] : undefined;
    if (demo) {
      people.type[i] = typeIndex(demo.userType);
      people.sport[i] = sportIndex(demo.sport);
      people.verified[i] = demo.verified ? 1 : 0;
      people.admin[i] = demo.admin ? 1 : 0;
      people.username[i] = demo.username;
      people.fullName[i] = demo.fullName;
      people.email[i] = `${demo.username}@${EMAIL_DOMAIN}`;
      people.city[i] = demo.city;
      people.organization[i] = organizationOf(demo.userType, demo.fullName, demo.city);
      continue;
    }
    const type = drawType(random);
    const sport = random.int(0, SEED_SPORTS.length - 1);
    people.type[i] = typeIndex(type);
    people.sport[i] = sport;
    people.admin[i] = i < preset.admins ? 1 : 0;
    people.verified[i] =
      type !== 'player' && (people.admin[i] === 1 || random.chance(preset.verifiedShare)) ? 1 : 0;
    const city = places.pick(CITIES);
    let fullName: string;
    if (type === 'club') {
      fullName = teamName(city, random.pick(CLUB_WORDS));
    } else if (type === 'agent' && random.chance(0.4)) {
      fullName = `${random.pick(LAST_NAMES)} ${random.pick(AGENCY_WORDS)}`;
    } else {
      fullName = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    }
    // The index in base 36 makes every username unique; the name part keeps it readable.
    const base = slug(fullName).slice(0, 22) || 'member';
    const username = `${base}_${i.toString(36)}`;
    people.username[i] = username;
    people.fullName[i] = fullName;
    people.email[i] = `${username}@${EMAIL_DOMAIN}`;
    people.city[i] = city;
    people.organization[i] = organizationOf(type, fullName, city);
  }
  return people;
}

export function userTypeOf(people: People, i: number): UserType {
  return USER_TYPES[people.type[i] as number] as UserType;
}

export function sportOf(people: People, i: number): SeedSport {
  return SEED_SPORTS[people.sport[i] as number] as SeedSport;
}

/** The city and team their words name: an organisation's own, a player's home city. */
export function placeOf(people: People, i: number): Place {
  const city = people.city[i] as string;
  return { city, team: people.organization[i] || undefined };
}

export interface Place {
  city: string;
  /** Their own team, if they speak for one. */
  team?: string;
}
