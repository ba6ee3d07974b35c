import type { PostSport } from '@arena/shared/constants';

/** Readable people for the demo preset; the first ones are the accounts printed after seeding. */
export interface DemoPerson {
  fullName: string;
  username: string;
  userType: 'player' | 'agent' | 'coach' | 'club';
  sport: PostSport;
  verified?: boolean;
  admin?: boolean;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { fullName: 'Maria Lopez', username: 'maria_lopez', userType: 'player', sport: 'football' },
  {
    fullName: 'Madrid Lions FC',
    username: 'madrid_lions',
    userType: 'club',
    sport: 'football',
    verified: true,
  },
  {
    fullName: 'Ada Admin',
    username: 'ada_admin',
    userType: 'coach',
    sport: 'tennis',
    verified: true,
    admin: true,
  },
  { fullName: 'Jaylen Brooks', username: 'jaylen_brooks', userType: 'player', sport: 'basketball' },
  { fullName: 'Sofia Rossi', username: 'sofia_rossi', userType: 'player', sport: 'tennis' },
  { fullName: 'Kofi Mensah', username: 'kofi_mensah', userType: 'player', sport: 'football' },
  { fullName: 'Hana Sato', username: 'hana_sato', userType: 'player', sport: 'padel' },
  { fullName: 'Liam Murphy', username: 'liam_murphy', userType: 'player', sport: 'rugby' },
  { fullName: 'Camila Reyes', username: 'camila_reyes', userType: 'player', sport: 'padel' },
  {
    fullName: 'Ethan Walker',
    username: 'ethan_walker',
    userType: 'player',
    sport: 'american-football',
  },
  { fullName: 'Nadia Haddad', username: 'nadia_haddad', userType: 'player', sport: 'basketball' },
  { fullName: 'Tomás Ferreira', username: 'tomas_ferreira', userType: 'player', sport: 'football' },
  { fullName: 'Grace Okafor', username: 'grace_okafor', userType: 'player', sport: 'basketball' },
  { fullName: 'Luka Novak', username: 'luka_novak', userType: 'player', sport: 'tennis' },
  { fullName: 'Yara Costa', username: 'yara_costa', userType: 'player', sport: 'football' },
  { fullName: 'Kenji Tanaka', username: 'kenji_tanaka', userType: 'player', sport: 'rugby' },
  { fullName: 'Olivia Bakker', username: 'olivia_bakker', userType: 'player', sport: 'tennis' },
  {
    fullName: 'Malik Johnson',
    username: 'malik_johnson',
    userType: 'player',
    sport: 'american-football',
  },
  { fullName: 'Chiara Ricci', username: 'chiara_ricci', userType: 'player', sport: 'padel' },
  { fullName: 'Omar Diallo', username: 'omar_diallo', userType: 'player', sport: 'football' },
  { fullName: 'Priya Patel', username: 'priya_patel', userType: 'player', sport: 'tennis' },
  { fullName: 'Bruno Silva', username: 'bruno_silva', userType: 'player', sport: 'football' },
  { fullName: 'Emma Fischer', username: 'emma_fischer', userType: 'player', sport: 'basketball' },
  { fullName: 'Santiago Vargas', username: 'santiago_vargas', userType: 'player', sport: 'rugby' },
  {
    fullName: 'Coach Elena Petrov',
    username: 'coach_petrov',
    userType: 'coach',
    sport: 'basketball',
    verified: true,
  },
  { fullName: 'Marco Bianchi', username: 'marco_bianchi', userType: 'coach', sport: 'football' },
  {
    fullName: 'Rafael Santos',
    username: 'rafael_santos',
    userType: 'coach',
    sport: 'padel',
    verified: true,
  },
  {
    fullName: 'Prime Sports Agency',
    username: 'prime_agency',
    userType: 'agent',
    sport: 'football',
    verified: true,
  },
  { fullName: 'Sara Lindqvist', username: 'sara_agent', userType: 'agent', sport: 'tennis' },
  {
    fullName: 'David Kim',
    username: 'david_kim_agent',
    userType: 'agent',
    sport: 'basketball',
    verified: true,
  },
  {
    fullName: 'Lisbon Waves Rugby',
    username: 'lisbon_waves',
    userType: 'club',
    sport: 'rugby',
    verified: true,
  },
  {
    fullName: 'Chicago Comets',
    username: 'chicago_comets',
    userType: 'club',
    sport: 'basketball',
    verified: true,
  },
  { fullName: 'Seoul Smash Padel', username: 'seoul_smash', userType: 'club', sport: 'padel' },
  {
    fullName: 'Austin Outlaws',
    username: 'austin_outlaws',
    userType: 'club',
    sport: 'american-football',
    verified: true,
  },
  {
    fullName: 'Paris Tennis Academy',
    username: 'paris_tennis',
    userType: 'club',
    sport: 'tennis',
    verified: true,
  },
  { fullName: 'Theo Laurent', username: 'theo_laurent', userType: 'player', sport: 'tennis' },
];
