/** How much of everything each preset makes. */
export interface Preset {
  name: string;
  users: number;
  posts: number;
  follows: number;
  likes: number;
  comments: number;
  reposts: number;
  conversations: number;
  messages: number;
  offers: number;
  applications: number;
  /** Camps and their registrations, and scholarships (issue 27). */
  camps: number;
  campRegistrations: number;
  scholarships: number;
  profileViews: number;
  admins: number;
  /** Share of agents, coaches and clubs that are verified. */
  verifiedShare: number;
  /** Readable, hand-made people (the demo), rather than generated ones. */
  readable: boolean;
}

export const PRESETS = {
  /** A living network for a newcomer's `npm start`: a few dozen people with readable names. */
  demo: {
    name: 'demo',
    users: 36,
    posts: 240,
    follows: 420,
    likes: 1_600,
    comments: 380,
    reposts: 60,
    conversations: 40,
    messages: 420,
    offers: 12,
    applications: 45,
    camps: 10,
    campRegistrations: 60,
    scholarships: 8,
    profileViews: 600,
    admins: 1,
    verifiedShare: 0.7,
    readable: true,
  },
  /** For the determinism and consistency test: seconds on PGlite. */
  tiny: {
    name: 'tiny',
    users: 300,
    posts: 2_000,
    follows: 6_000,
    likes: 10_000,
    comments: 1_000,
    reposts: 400,
    conversations: 150,
    messages: 2_000,
    offers: 20,
    applications: 300,
    camps: 20,
    campRegistrations: 200,
    scholarships: 15,
    profileViews: 1_000,
    admins: 2,
    verifiedShare: 0.4,
    readable: false,
  },
  /** Ten thousand members: PGlite or PostgreSQL. */
  small: {
    name: 'small',
    users: 10_000,
    posts: 100_000,
    follows: 300_000,
    likes: 500_000,
    comments: 50_000,
    reposts: 20_000,
    conversations: 5_000,
    messages: 100_000,
    offers: 200,
    applications: 5_000,
    camps: 500,
    campRegistrations: 10_000,
    scholarships: 300,
    profileViews: 20_000,
    admins: 3,
    verifiedShare: 0.35,
    readable: false,
  },
  /** A hundred thousand members and a million posts: PostgreSQL. */
  large: {
    name: 'large',
    users: 100_000,
    posts: 1_000_000,
    follows: 3_000_000,
    likes: 5_000_000,
    comments: 500_000,
    reposts: 200_000,
    conversations: 50_000,
    messages: 1_000_000,
    offers: 2_000,
    applications: 50_000,
    camps: 5_000,
    campRegistrations: 100_000,
    scholarships: 3_000,
    profileViews: 200_000,
    admins: 5,
    verifiedShare: 0.3,
    readable: false,
  },
  /**
   * Ten times `large` (issue 26): a million members and ten million posts, to see which costs
   * grow with the network. PostgreSQL only; some 40 GB of disk with its indexes.
   */
  xlarge: {
    name: 'xlarge',
    users: 1_000_000,
    posts: 10_000_000,
    follows: 30_000_000,
    likes: 50_000_000,
    comments: 5_000_000,
    reposts: 2_000_000,
    conversations: 500_000,
    messages: 10_000_000,
    offers: 20_000,
    applications: 500_000,
    camps: 50_000,
    campRegistrations: 1_000_000,
    scholarships: 30_000,
    profileViews: 2_000_000,
    admins: 10,
    verifiedShare: 0.3,
    readable: false,
  },
} as const satisfies Record<string, Preset>;

export type PresetName = keyof typeof PRESETS;

export function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(PRESETS, name);
}
