import { AVATAR_WIDTHS, POST_IMAGE_WIDTHS, avatarKey } from '@arena/shared/image-variants';
import { putImageSet } from '@arena/server/src/modules/media/image-files.ts';
import { closeImagePool } from '@arena/server/src/modules/media/image-pool.ts';
import { makeImageSet } from '@arena/server/src/modules/media/images.ts';
import { createDiskStorage } from '@arena/server/src/modules/storage/file-storage.ts';
import sharp from 'sharp';

import type { SeedConnection } from './connection.ts';
import type { Plan } from './plan.ts';
import { Random } from './random.ts';
import { SEED_SPORTS, type SeedSport } from './words.ts';

/**
 * Pictures and files for the demo, so that a first look shows every feature: avatars, photos on
 * some posts, CVs on some applications. Everything is generated here (SVG drawn by sharp, a PDF
 * written by hand), nothing downloaded, and stored as the server stores uploads: photos through
 * the same re-encoding and display sizes, with their stored_files rows.
 */

const AVATAR_SHARE = 0.8;
const PHOTO_SHARE = 0.15;
const CV_SHARE = 0.5;

const SPORT_COLOURS: Record<SeedSport, { ground: string; lines: string; sky: string }> = {
  football: { ground: '#2f8f46', lines: '#f4f8f2', sky: '#1f5f9e' },
  basketball: { ground: '#c98a4b', lines: '#2b1a0c', sky: '#22262e' },
  tennis: { ground: '#3a6fb0', lines: '#ffffff', sky: '#7fb4e3' },
  rugby: { ground: '#3f8a3a', lines: '#f6f6f0', sky: '#4f6f8f' },
  'american-football': { ground: '#34803f', lines: '#ffffff', sky: '#0f1f3d' },
  padel: { ground: '#2b7bb9', lines: '#f2f2f2', sky: '#9cc9e8' },
};

const AVATAR_COLOURS = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7c3aed',
  '#c2410c',
  '#0e7490',
  '#be185d',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return (
    (words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

/** A square avatar: initials on a colour of their own. */
export function avatarSvg(name: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${colour}"/>
<circle cx="256" cy="256" r="200" fill="#ffffff" fill-opacity="0.12"/>
<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="190" font-weight="bold" fill="#ffffff">${escapeXml(initials(name))}</text>
</svg>`;
}

/** A playing field of the sport, seen from the stands, at a time of day of its own. */
export function photoSvg(sport: SeedSport, random: Random): string {
  const { ground, lines, sky } = SPORT_COLOURS[sport];
  const w = 1200;
  const h = random.chance(0.5) ? 800 : 900;
  const horizon = Math.round(h * (0.3 + 0.15 * random.next()));
  const sun = random.chance(0.5);
  const players = Array.from({ length: random.int(3, 9) }, () => {
    const x = Math.round(w * (0.1 + 0.8 * random.next()));
    const y = Math.round(horizon + (h - horizon) * (0.2 + 0.7 * random.next()));
    const size = Math.round(18 + (y - horizon) / 12);
    const kit = random.pick(['#ef4444', '#facc15', '#ffffff', '#111827', '#3b82f6']);
    return `<circle cx="${x}" cy="${y - size * 2.4}" r="${size * 0.55}" fill="#f1c27d"/><rect x="${x - size / 2}" y="${y - size * 1.9}" width="${size}" height="${size * 1.9}" rx="${size / 3}" fill="${kit}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${sun ? '#f5c177' : '#dbe7f3'}"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground}" stop-opacity="0.75"/><stop offset="1" stop-color="${ground}"/></linearGradient></defs>
<rect width="${w}" height="${horizon}" fill="url(#sky)"/>
${sun ? `<circle cx="${Math.round(w * (0.15 + 0.7 * random.next()))}" cy="${Math.round(horizon * 0.45)}" r="70" fill="#fff3c4"/>` : ''}
<rect y="${horizon - 60}" width="${w}" height="60" fill="#4b5563"/>
<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#ground)"/>
<g stroke="${lines}" stroke-width="8" fill="none" opacity="0.9">
<polygon points="${w * 0.2},${horizon + 30} ${w * 0.8},${horizon + 30} ${w * 0.97},${h - 30} ${w * 0.03},${h - 30}"/>
<line x1="${w * 0.5}" y1="${horizon + 30}" x2="${w * 0.5}" y2="${h - 30}"/>
<ellipse cx="${w * 0.5}" cy="${(horizon + h) / 2}" rx="${w * 0.12}" ry="${(h - horizon) * 0.12}"/>
</g>
${players}
</svg>`;
}

/** A one-page PDF CV, its text in Helvetica (a font every PDF reader has). */
export function cvPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((line, k) =>
      k === 0
        ? `BT /F1 22 Tf 72 760 Td (${escape(line)}) Tj ET`
        : `BT /F1 12 Tf 72 ${730 - k * 20} Td (${escape(line)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, k) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${k + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface MediaSummary {
  avatars: number;
  photos: number;
  cvs: number;
}

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function addDemoMedia(
  connection: SeedConnection,
  plan: Plan,
  storageDir: string,
): Promise<MediaSummary> {
  const storage = createDiskStorage(storageDir);
  const { people, ids } = plan;
  const random = Random.stream(plan.seed, 'media');
  const summary: MediaSummary = { avatars: 0, photos: 0, cvs: 0 };
  try {
    for (let i = 0; i < people.count; i++) {
      // The first demo people, the accounts to sign in with, all have one.
      if (!random.chance(AVATAR_SHARE) && i >= 4) continue;
      const image = await makeImageSet(
        await png(avatarSvg(people.fullName[i] as string, random.pick(AVATAR_COLOURS))),
        { width: 512, height: 512, mode: 'cover' },
        AVATAR_WIDTHS,
      );
      const key = avatarKey(ids.user(i), 'seed');
      await putImageSet(storage, 'avatars', key, image);
      await connection.query('UPDATE profiles SET avatar_url = $1 WHERE id = $2', [
        `/files/avatars/${key}`,
        ids.profile(i),
      ]);
      summary.avatars++;
    }

    for (let j = 0; j < plan.posts.count; j++) {
      if (!random.chance(PHOTO_SHARE)) continue;
      const author = plan.posts.author[j] as number;
      const sport = SEED_SPORTS[plan.posts.sport[j] as number] as SeedSport;
      const image = await makeImageSet(
        await png(photoSvg(sport, random)),
        { width: 2048, height: 2048, mode: 'inside' },
        POST_IMAGE_WIDTHS,
      );
      const key = `${ids.user(author)}/seed-post-${j}.webp`;
      await putImageSet(storage, 'post-media', key, image);
      const widths = image.variants.map((variant) => variant.nominalWidth);
      const { width, height } = image.original;
      await connection.query(
        `INSERT INTO stored_files (bucket, path, owner_user_id, content_type, size_bytes, width, height, variant_widths, claimed_at)
         VALUES ('post-media', $1, $2, 'image/webp', $3, $4, $5, $6, now())`,
        [key, ids.user(author), image.original.data.length, width, height, widths],
      );
      await connection.query(
        `UPDATE posts SET media_url = $1, media_type = 'image', media_path = $2, media_width = $3,
           media_height = $4, media_variant_widths = $5 WHERE id = $6`,
        [`/files/post-media/${key}`, key, width, height, widths, ids.post(j)],
      );
      summary.photos++;
    }
  } finally {
    await closeImagePool();
  }

  const applications = await connection.query<{
    id: string;
    applicant: string;
    name: string;
    email: string;
    sport: string | null;
    position: string | null;
    years: number | null;
    team: string | null;
    achievements: string | null;
  }>(
    `SELECT a.id, u.user_id AS applicant, a.athlete_name AS name, a.email, a.sport,
            a.position_role AS position, a.years_experience AS years, a.current_team AS team,
            a.achievements
       FROM offer_applications a JOIN profiles u ON u.id = a.applicant_id ORDER BY a.id`,
  );
  for (const application of applications) {
    if (!random.chance(CV_SHARE)) continue;
    const pdf = cvPdf([
      application.name,
      `Curriculum vitae - ${application.sport ?? 'Athlete'}`,
      `Email: ${application.email}`,
      `Position: ${application.position ?? '-'}`,
      `Experience: ${application.years ?? 0} years`,
      `Current team: ${application.team ?? 'Free agent'}`,
      application.achievements ? `Achievements: ${application.achievements}` : '',
    ]);
    const key = `${application.applicant}/seed-cv-${application.id}.pdf`;
    await storage.put('offer-applications', key, pdf);
    await connection.query(
      `INSERT INTO stored_files (bucket, path, owner_user_id, content_type, size_bytes, claimed_at)
       VALUES ('offer-applications', $1, $2, 'application/pdf', $3, now())`,
      [key, application.applicant, pdf.length],
    );
    await connection.query('UPDATE offer_applications SET cv_path = $1 WHERE id = $2', [
      key,
      application.id,
    ]);
    summary.cvs++;
  }
  return summary;
}
