import type { Page } from 'puppeteer-core';

import type { Sport } from '@arena/shared/constants';

/** The member whose feed is measured: signed in through the page, like anyone. */
export interface Member {
  email: string;
  password: string;
}

const PASSWORD = 'Correct-Horse-42';

/** What a feed looks like on an ordinary day: a dozen posts, two of them with a photo. */
const POSTS: { author: number; sport: Sport; content: string; photo?: boolean }[] = [
  {
    author: 0,
    sport: 'football',
    content:
      'Back in full training after the knee. Six weeks of rehab, and the first touch felt new.',
    photo: true,
  },
  {
    author: 1,
    sport: 'basketball',
    content: 'Our under-18s won the regional final 78-71. Proud of every one of them.',
  },
  {
    author: 2,
    sport: 'tennis',
    content: 'Looking for a left-handed hitting partner in Lyon this week, clay preferred.',
  },
  {
    author: 0,
    sport: 'football',
    content: 'Trial day at the club on Saturday: bring boots, water and your best first step.',
  },
  {
    author: 1,
    sport: 'basketball',
    content: 'Film session notes: closeouts on the weak side are where we lose the most points.',
    photo: true,
  },
  {
    author: 2,
    sport: 'tennis',
    content: 'Quarter-final tomorrow at 10. Serve percentage is the number I am watching.',
  },
  { author: 0, sport: 'football', content: 'Recovery day: pool, mobility, early night.' },
  {
    author: 1,
    sport: 'basketball',
    content: 'Coaching clinic next month on transition defence. Twelve places left, all levels.',
  },
  {
    author: 2,
    sport: 'tennis',
    content: 'New racquet, same backhand. Give it a week and we will see who adapts first.',
  },
  {
    author: 0,
    sport: 'football',
    content: 'Thank you to everyone who came to the community session at the stadium today.',
  },
  {
    author: 1,
    sport: 'basketball',
    content: 'Shooting drill of the week: 5 spots, 10 makes each, no more than 2 misses in a row.',
  },
  {
    author: 2,
    sport: 'tennis',
    content: 'Signed with a new agent today. Excited for the next step of the journey.',
  },
];

const AUTHORS = [
  { fullName: 'Sam Okafor', userType: 'player' },
  { fullName: 'Lena Brandt', userType: 'coach' },
  { fullName: 'Marco Ruiz', userType: 'player' },
] as const;

async function api<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  if (!response.ok) {
    throw new Error(
      `${init.method ?? 'POST'} ${path}: ${response.status} ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

async function signUp(
  baseUrl: string,
  who: { fullName: string; userType: string; username: string },
): Promise<{ email: string; token: string }> {
  const email = `${who.username}@arena.test`;
  const { accessToken } = await api<{ accessToken: string }>(baseUrl, '/api/auth/sign-up', {
    // Adults: a player gives a birthdate, an organisation confirms it is 18 or over.
    json: {
      ...who,
      email,
      password: PASSWORD,
      remember: true,
      birthdate: '1990-05-15',
      adultConfirmed: true,
    },
  });
  return { email, token: accessToken };
}

/** A photo-sized JPEG drawn by the browser (a gradient with shapes, like a picture's detail). */
async function drawPhoto(page: Page, seed: number): Promise<Blob> {
  const base64 = await page.evaluate(async (hue: number) => {
    const canvas = new OffscreenCanvas(1600, 1200);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, `hsl(${hue}, 70%, 35%)`);
    gradient.addColorStop(1, `hsl(${(hue + 60) % 360}, 80%, 60%)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 1200);
    for (let i = 0; i < 40; i += 1) {
      context.fillStyle = `hsla(${(hue + i * 9) % 360}, 70%, ${30 + (i % 5) * 10}%, 0.5)`;
      context.beginPath();
      context.arc((i * 397) % 1600, (i * 263) % 1200, 40 + ((i * 31) % 160), 0, Math.PI * 2);
      context.fill();
    }
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seed * 97);
  return new Blob([Buffer.from(base64, 'base64')], { type: 'image/jpeg' });
}

/**
 * Fills a fresh database with three authors and their posts, and creates the member whose feed
 * is measured. `page` draws the photos (any page of the browser will do).
 */
export async function seedFeed(baseUrl: string, page: Page): Promise<Member> {
  const run = Date.now().toString(36);
  const authors = [];
  for (const [i, author] of AUTHORS.entries()) {
    authors.push(await signUp(baseUrl, { ...author, username: `lh_author${i}_${run}` }));
  }
  // Oldest first, so that the feed shows them in the order listed.
  for (const [i, post] of [...POSTS].reverse().entries()) {
    const token = authors[post.author]?.token;
    let mediaId: string | null = null;
    if (post.photo) {
      const form = new FormData();
      form.append('file', await drawPhoto(page, i), 'photo.jpg');
      ({ id: mediaId } = await api<{ id: string }>(baseUrl, '/api/media', { token, form }));
    }
    await api(baseUrl, '/api/posts', {
      token,
      json: { content: post.content, sport: post.sport, mediaId },
    });
  }
  const member = await signUp(baseUrl, {
    fullName: 'Alex Moreau',
    userType: 'agent',
    username: `lh_member_${run}`,
  });
  return { email: member.email, password: PASSWORD };
}
