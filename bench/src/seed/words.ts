import { FEED_FILTER_SPORTS } from '@arena/shared/constants';

/** The sports the seed writes about: the feed's six, each with its own words below. */
export const SEED_SPORTS = FEED_FILTER_SPORTS;
export type SeedSport = (typeof SEED_SPORTS)[number];

/** Vocabulary the generator writes with: names, places, teams and the words of each sport. */

/** A comma-separated list, one or more lines of it. */
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export const FIRST_NAMES = list(`
Aaliyah, Adrian, Ahmed, Aiko, Alejandro, Alex, Amara, Amelia, Ana, Andrés, Anna,
Antoine, Aria, Arjun, Ayasha, Bautista, Beatriz, Ben, Bianca, Bruno, Camila, Carlos,
Caroline, Chen, Chiara, Chloe, Daniel, Daniela, David, Diego, Dmitri, Elena, Elias,
Emeka, Emma, Enzo, Erik, Esther, Fatima, Felix, Fernanda, Finn, Francesca, Gabriel,
Giulia, Grace, Hana, Hannah, Hugo, Ibrahim, Ines, Isabella, Ivan, Jack, Jamal, James,
Javier, Jaylen, Jin, João, Jonas, Jordan, Julia, Kai, Kenji, Kofi, Lara, Laura, Leila,
Leo, Liam, Lina, Lucas, Lucia, Luka, Maya, Malik, Marco, María, Mateo, Mei, Mia,
Mohamed, Nadia, Naomi, Nia, Nico, Nina, Noah, Nora, Oliver, Olivia, Omar, Oscar, Paula,
Pedro, Priya, Rafael, Rania, Ravi, Rosa, Ruby, Sakura, Samir, Santiago, Sara,
Sebastián, Sofia, Sophie, Tariq, Tess, Theo, Tomás, Valentina, Victor, Wei, Yara,
Yusuf, Zara, Zoe
`);

export const LAST_NAMES = list(`
Abara, Adeyemi, Alvarez, Andersen, Bakker, Banda, Becker, Bianchi, Brown, Campbell,
Castro, Chen, Costa, Cruz, Dang, Davies, Diallo, Dubois, Eriksen, Fernández, Ferreira,
Fischer, Garcia, Gomez, González, Haddad, Hansen, Hernández, Hoffmann, Ibrahim, Ito,
Jansen, Johnson, Kaya, Kim, Kowalski, Kumar, Larsen, Laurent, Lee, Lopez, Martin,
Martínez, Mensah, Meyer, Moreau, Morales, Müller, Murphy, Nakamura, Nguyen, Novak,
Nowak, Okafor, Okoye, Oliveira, Olsen, Ortiz, Park, Patel, Pereira, Petrov, Popescu,
Ramírez, Reyes, Ricci, Rivera, Robinson, Rodríguez, Romano, Rossi, Sánchez, Santos,
Sato, Schmidt, Silva, Singh, Smith, Sousa, Suzuki, Tanaka, Taylor, Thomas, Torres,
Traoré, Van Dijk, Vargas, Vasquez, Wagner, Walker, Wang, Watanabe, Weber, Williams,
Wilson, Wright, Yamamoto, Yilmaz, Young, Zhang
`);

/** Each city of CITIES with its country, in the list's order (people live and play in them). */
const CITY_COUNTRIES: readonly (readonly [city: string, country: string])[] = [
  ['Madrid', 'Spain'],
  ['Barcelona', 'Spain'],
  ['Lisbon', 'Portugal'],
  ['Porto', 'Portugal'],
  ['London', 'United Kingdom'],
  ['Manchester', 'United Kingdom'],
  ['Paris', 'France'],
  ['Lyon', 'France'],
  ['Milan', 'Italy'],
  ['Rome', 'Italy'],
  ['Munich', 'Germany'],
  ['Berlin', 'Germany'],
  ['Amsterdam', 'Netherlands'],
  ['Brussels', 'Belgium'],
  ['Dublin', 'Ireland'],
  ['Copenhagen', 'Denmark'],
  ['Stockholm', 'Sweden'],
  ['Warsaw', 'Poland'],
  ['Athens', 'Greece'],
  ['Istanbul', 'Turkey'],
  ['Lagos', 'Nigeria'],
  ['Accra', 'Ghana'],
  ['Nairobi', 'Kenya'],
  ['Cairo', 'Egypt'],
  ['Casablanca', 'Morocco'],
  ['São Paulo', 'Brazil'],
  ['Buenos Aires', 'Argentina'],
  ['Bogotá', 'Colombia'],
  ['Mexico City', 'Mexico'],
  ['Miami', 'United States'],
  ['Chicago', 'United States'],
  ['Los Angeles', 'United States'],
  ['Toronto', 'Canada'],
  ['Boston', 'United States'],
  ['Austin', 'United States'],
  ['Tokyo', 'Japan'],
  ['Seoul', 'South Korea'],
  ['Sydney', 'Australia'],
  ['Auckland', 'New Zealand'],
  ['Dubai', 'United Arab Emirates'],
];

export const CITIES: readonly string[] = CITY_COUNTRIES.map(([city]) => city);

const COUNTRY_OF = new Map(CITY_COUNTRIES);

/** The country of one of CITIES (where an athlete lives: a scout filter, issue 24). */
export function countryOf(city: string): string {
  const country = COUNTRY_OF.get(city);
  if (!country) throw new Error(`no country for the city ${city}`);
  return country;
}

export const NATIONALITIES = list(`
Spanish, Portuguese, French, Italian, German, Dutch, British, Irish, American,
Canadian, Brazilian, Argentinian, Colombian, Mexican, Nigerian, Ghanaian, Kenyan,
Moroccan, Senegalese, Japanese, Korean, Australian, New Zealander, Turkish, Polish,
Swedish, Danish, Greek, Croatian, Serbian
`);

const CLUB_WORDS = [
  'United',
  'City',
  'Athletic',
  'Rovers',
  'Wanderers',
  'Academy',
  'Sporting',
  'Racing',
  'Stars',
  'Lions',
] as const;

/** A made-up club in a real city. */
export function teamName(city: string, word: string) {
  return `${city} ${word}`;
}
export { CLUB_WORDS };

export interface SportWords {
  label: string;
  positions: readonly string[];
  moments: readonly string[];
  stats: readonly string[];
  leagues: readonly string[];
}

export const SPORT_WORDS: Record<SeedSport, SportWords> = {
  football: {
    label: 'Football',
    positions: [
      'Goalkeeper',
      'Centre-back',
      'Full-back',
      'Defensive midfielder',
      'Central midfielder',
      'Winger',
      'Attacking midfielder',
      'Striker',
    ],
    moments: [
      'a late winner',
      'a clean sheet',
      'a hat-trick',
      'a penalty save',
      'a free-kick goal',
      'an assist from the byline',
      'a derby win',
      'a cup upset',
    ],
    stats: [
      '2 goals and an assist',
      '94% pass accuracy',
      '11 km covered',
      '6 tackles won',
      '3 key passes',
      '5 saves',
    ],
    leagues: [
      'Regional League',
      'Third Division',
      'Second Division',
      'Premier Division',
      'U21 League',
      "Women's Super League",
    ],
  },
  basketball: {
    label: 'Basketball',
    positions: ['Point guard', 'Shooting guard', 'Small forward', 'Power forward', 'Center'],
    moments: [
      'a buzzer-beater',
      'a triple-double',
      'a comeback from 15 down',
      'a block on the last play',
      'an overtime win',
      'a career-high night',
    ],
    stats: ['28 points', '12 rebounds', '9 assists', '5 threes', '4 steals', '60% from the field'],
    leagues: [
      'Division II',
      'National League',
      'EuroCup qualifiers',
      'College Conference',
      'Pro B',
      'Summer League',
    ],
  },
  tennis: {
    label: 'Tennis',
    positions: ['Singles', 'Doubles', 'Singles and doubles'],
    moments: [
      'a three-set win',
      'a tie-break saved at 5-6',
      'a first title',
      'a qualifying run',
      'a break back in the decider',
      'a win over the top seed',
    ],
    stats: [
      '14 aces',
      '78% first serves in',
      '5 of 6 break points saved',
      '32 winners',
      'no double faults',
    ],
    leagues: [
      'ITF Futures',
      'ITF World Tennis Tour',
      'Challenger Tour',
      'National Championships',
      'University Tour',
      'Club League',
    ],
  },
  'american-football': {
    label: 'American Football',
    positions: [
      'Quarterback',
      'Running back',
      'Wide receiver',
      'Tight end',
      'Offensive lineman',
      'Linebacker',
      'Cornerback',
      'Safety',
      'Kicker',
    ],
    moments: [
      'a game-winning drive',
      'a pick-six',
      'a 70-yard touchdown',
      'a goal-line stand',
      'a two-minute drill',
      'a field goal at the horn',
    ],
    stats: [
      '312 passing yards',
      '3 touchdowns',
      '2 sacks',
      '145 rushing yards',
      '8 catches',
      '11 tackles',
    ],
    leagues: [
      'College Division I',
      'College Division II',
      'European League',
      'Arena League',
      'National League',
      'High School State',
    ],
  },
  rugby: {
    label: 'Rugby',
    positions: [
      'Prop',
      'Hooker',
      'Lock',
      'Flanker',
      'Number 8',
      'Scrum-half',
      'Fly-half',
      'Centre',
      'Wing',
      'Full-back',
    ],
    moments: [
      'a try in the corner',
      'a scrum penalty won',
      'a drop goal',
      'a lineout steal',
      'a defensive set on our line',
      'a bonus-point win',
    ],
    stats: [
      '2 tries',
      '18 tackles',
      '7 carries for 60 metres',
      '100% at the lineout',
      '4 turnovers won',
      '6 of 7 kicks',
    ],
    leagues: [
      'Championship',
      'Premiership',
      'Super Rugby',
      'National League 1',
      'Sevens Series',
      'University League',
    ],
  },
  padel: {
    label: 'Padel',
    positions: ['Left side (revés)', 'Right side (drive)', 'Both sides'],
    moments: [
      'a golden point',
      'a bandeja that won the set',
      'a por tres',
      'a comeback from a set down',
      'a first tour final',
      'a smash off the wall',
    ],
    stats: [
      '6-4 6-3',
      '18 winners',
      'only 5 unforced errors',
      '4 breaks of serve',
      '80% at the net',
    ],
    leagues: [
      'Premier Padel',
      'FIP Tour',
      'National Series',
      'Club Championship',
      'Regional Open',
      'Amateur League',
    ],
  },
};

export const POST_OPENERS = [
  'What a weekend.',
  'Proud of this group.',
  'Big day today.',
  'Still buzzing.',
  'Back at it.',
  'Grateful for every minute.',
  'Hard work pays off.',
  'One step at a time.',
  'Nothing beats match day.',
  'Tough one, but we learn.',
  'New season, new goals.',
  'Quick update from camp.',
  'Thank you for the support!',
] as const;

export const POST_MIDDLES = [
  'We closed it out with {moment} in front of a full house in {city}.',
  'Finished with {stat} and {moment}.',
  'Recovery week done, now focusing on {moment} in training.',
  'Great session with {team} today: drills, video, and {moment} to end it.',
  'Happy to share that I signed with {team} for the coming season.',
  'Looking for a new challenge in the {league}; open to trials this summer.',
  'Coaches, we are running an open tryout in {city} next month. All positions welcome.',
  'Film study from last game: {stat}, but plenty to fix.',
  'Travelling to {city} for the {league} play-offs.',
  'Our academy kids pulled off {moment}. The future looks bright.',
  'Six weeks after surgery and back on the court/pitch. Patience wins.',
  'Named player of the match after {moment}.',
] as const;

export const POST_CLOSERS = [
  '',
  '',
  '',
  'On to the next one.',
  "Let's go!",
  'Thanks {team}.',
  'More soon.',
  'Who is coming to watch?',
  'Drop your questions below.',
  'Grind never stops.',
  '#{tag}',
  '#{tag} #matchday',
  '#{tag} #training',
] as const;

export const COMMENTS = [
  'Congratulations!',
  'Well deserved 👏',
  'What a game!',
  'Huge performance.',
  'Proud of you!',
  "Let's go!!",
  'Incredible effort.',
  'See you at the next one.',
  'This is class.',
  'Keep pushing.',
  'The work is paying off.',
  'Amazing, congrats to the whole team.',
  'Any tips for younger players?',
  'Where can we watch the replay?',
  'That finish 🔥',
  'Respect.',
  'Legend.',
  'So happy for you.',
  'DM me about the tryout please.',
  'Great to have you with us this season.',
] as const;

export const MESSAGE_LINES = [
  'Hi! Great to connect.',
  'Hey, saw your last game, impressive.',
  'Thanks a lot!',
  'Are you available for a call this week?',
  'Sure, Tuesday works for me.',
  'Can you send me your highlight reel?',
  'Here is the link to my latest clips.',
  'We are looking for a {position} for next season.',
  'I would love to hear more about the project.',
  'What is your current contract situation?',
  'My contract ends in June.',
  'Let me check with my agent and come back to you.',
  'Perfect, talk soon.',
  'Training starts at 9 on Monday.',
  'Good luck this weekend!',
  'Congrats on the win!',
  'Could you share the trial dates?',
  'The trial is on the 14th in {city}.',
  'See you there 👍',
  'Do you have a recent medical report?',
  'Yes, I can send it tomorrow.',
  'Thanks for the opportunity.',
] as const;

/** Profile bios by user type; `{name}` is the member's own name. */
export const BIOS = {
  player: [
    '{position} at {team}. Always learning.',
    '{label} | {team} | {city}',
    'Professional {label} player from {city}. Open to new opportunities.',
    'Student-athlete. {position}. Dreaming big.',
  ],
  coach: [
    'Former {league} player, now coaching the next generation in {city}.',
    '{label} coach. Development first, results follow.',
    'Head coach at {team}. UEFA/FIBA licensed.',
  ],
  agent: [
    'Agent representing {label} talent across Europe and the Americas.',
    '{label} scout. Looking for hungry, coachable athletes.',
  ],
  club: [
    'Official account of {name}. Building champions since 1998.',
    '{name}: {label} in {city}. Tryouts every summer.',
  ],
} as const;

export const ABOUT_PLAYER = [
  'Hard-working {position} with good vision and leadership on and off the field.',
  'Left-footed, quick over the first five metres, strong in the air.',
  'Team player who thrives under pressure; captain of my side for two seasons.',
  'I read the game well and communicate a lot. Looking to play at a higher level.',
  'Versatile, can play several positions. Fit, disciplined, and coachable.',
] as const;

export const AWARD_TITLES = [
  'Player of the Season',
  'Top Scorer',
  'MVP',
  'Best Defender',
  'Rookie of the Year',
  'All-Star Selection',
  'League Champion',
  'Cup Winner',
  'Team Captain Award',
  "Coach's Award",
  'Most Improved Player',
  'Golden Glove',
] as const;

export const OFFER_TITLES = [
  '{position} wanted for {league} side',
  'Trial: {label} players for next season',
  'Scholarship for a {position}',
  'Summer tryout in {city}',
  'Contract opportunity: {position}',
  'Academy places for U19 {label} players',
  'Semi-pro {label} club seeks experienced {position}',
  'Two {position}s for our first team',
] as const;

export const SALARIES = [
  'Competitive, depending on experience',
  '€1,500 – €2,500 per month',
  '€30,000 per season plus bonuses',
  'Full scholarship',
  'Accommodation and expenses covered',
  '$45,000 per year',
  'To be discussed',
  '£800 per week',
] as const;

export const AVAILABILITY = [
  'Immediately',
  'From July',
  'After the season ends',
  'In two weeks',
  'From January',
] as const;

export const WHY_INTERESTED = [
  'The project fits my development and I want to play at this level.',
  "I know the club's history and would love to be part of it.",
  'I am looking for more playing time and a new challenge.',
  'The coaching staff has a great reputation for developing players.',
] as const;

export const VERIFICATION_INFO = [
  'Registered with the national federation.',
  'Licensed agent since 2015.',
  'Official club account.',
  '',
] as const;
