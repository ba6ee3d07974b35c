import { LIMITS } from '@arena/shared/limits';
import type { UserType } from '@arena/shared/constants';

import type { Place } from './people.ts';
import type { Random } from './random.ts';
import {
  type SeedSport,
  BIOS,
  CITIES,
  CLUB_WORDS,
  COMMENTS,
  MESSAGE_LINES,
  POST_CLOSERS,
  POST_MIDDLES,
  POST_OPENERS,
  SPORT_WORDS,
} from './words.ts';

/**
 * Fills `{moment}`, `{city}`… in a template with words of the given sport. With a `place`,
 * `{city}` is that city and `{team}` that team (or one in that city): an organisation speaks
 * of itself and where it is.
 */
export function fill(random: Random, template: string, sport: SeedSport, place?: Place): string {
  const words = SPORT_WORDS[sport];
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => {
    switch (key) {
      case 'moment':
        return random.pick(words.moments);
      case 'stat':
        return random.pick(words.stats);
      case 'league':
        return random.pick(words.leagues);
      case 'position':
        return random.pick(words.positions).toLowerCase();
      case 'label':
        return words.label;
      case 'city':
        return place?.city ?? random.pick(CITIES);
      case 'team':
        return place?.team ?? `${place?.city ?? random.pick(CITIES)} ${random.pick(CLUB_WORDS)}`;
      case 'tag':
        return words.label.replace(/\s/g, '');
      default:
        return key;
    }
  });
}

/** A post of varied length: mostly a few sentences, sometimes a long update. */
export function postContent(random: Random, sport: SeedSport, place?: Place): string {
  const parts = [random.pick(POST_OPENERS), fill(random, random.pick(POST_MIDDLES), sport, place)];
  const extra = random.chance(0.3) ? random.int(1, 3) : 0;
  for (let k = 0; k < extra; k++) parts.push(fill(random, random.pick(POST_MIDDLES), sport, place));
  const closer = fill(random, random.pick(POST_CLOSERS), sport, place);
  if (closer) parts.push(closer);
  let text = parts.join(' ');
  if (random.chance(0.03)) {
    // A long read: several paragraphs, up to the limit.
    const paragraphs = [text];
    const more = random.int(3, 8);
    for (let k = 0; k < more; k++) {
      paragraphs.push(
        `${fill(random, random.pick(POST_MIDDLES), sport, place)} ${fill(random, random.pick(POST_MIDDLES), sport, place)}`,
      );
    }
    text = paragraphs.join('\n\n');
  }
  return text.slice(0, LIMITS.postMax);
}

export function commentContent(random: Random, sport: SeedSport): string {
  const text = random.pick(COMMENTS);
  return random.chance(0.15) ? `${text} ${fill(random, random.pick(COMMENTS), sport)}` : text;
}

export function messageContent(random: Random, sport: SeedSport): string {
  return fill(random, random.pick(MESSAGE_LINES), sport).slice(0, LIMITS.messageMax);
}

export function bio(
  random: Random,
  sport: SeedSport,
  type: UserType,
  name: string,
  place: Place,
): string {
  const template = random.pick(BIOS[type]).replaceAll('{name}', name);
  return fill(random, template, sport, place).slice(0, LIMITS.bioMax);
}
