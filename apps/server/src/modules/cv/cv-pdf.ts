import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import type { Cv } from '@arena/shared/cv.schema';
import { SPORT_LABELS } from '@arena/shared/constants';

/** What the PDF of a CV shows: the profile's name and picture, and the CV as its reader may see it. */
export interface CvPdfInput {
  fullName: string;
  username: string;
  /** The profile picture as PNG or JPEG bytes (PDF takes no WebP), or null. */
  photo: Uint8Array | null;
  cv: Cv;
  /** Where the profile is read in full, printed at the foot. */
  profileUrl: string;
  generatedOn: Date;
}

const resolve = createRequire(import.meta.url).resolve;
/** DejaVu Sans: Latin, Greek and Cyrillic names and teams print as typed (the 14 standard fonts cannot). */
const FONT_FILES = {
  body: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
/** Read once, at the first CV. */
let fonts: Promise<{ body: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([readFile(FONT_FILES.body), readFile(FONT_FILES.bold)]).then(
    ([body, bold]) => ({ body, bold }),
  ));

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#1d4ed8';
const MARGIN = 48;
/** One page, two at most (issue 24): entries past the second page are counted, not printed. */
const MAX_PAGES = 2;

/** 'Full Season, Multi-Year · contract ends 30 Jun 2027', or null when not open. */
function openLine(open: Cv['openToOffers']): string | null {
  if (!open) return null;
  const ends = open.contractEndsOn ? ` · current contract ends ${day(open.contractEndsOn)}` : '';
  return `${open.contractTypes.join(', ')}${ends}`;
}

/** The rows of the facts table: only what the CV has. */
function facts(cv: Cv): [string, string][] {
  const a = cv.athlete;
  const rows: [string, string | null][] = [
    ['Sport', a.sport ? SPORT_LABELS[a.sport] : null],
    ['Main position', a.mainPosition],
    ['Other positions', a.otherPositions],
    ['Age', a.age === null ? null : `${a.age}`],
    ['Sex', a.sex],
    ['Height', a.heightCm === null ? null : `${a.heightCm} cm`],
    ['Weight', a.weightKg === null ? null : `${a.weightKg} kg`],
    ['Arm span', a.armSpan],
    ['Nationalities', a.nationalities],
    ['Availability', a.availabilityStatus],
    ['Open to offers', openLine(cv.openToOffers)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** 'Based in: Lisbon, Portugal' (either part alone when only one is given), or null. */
function basedIn(athlete: Cv['athlete']): string | null {
  const place = [athlete.city, athlete.country].filter(Boolean).join(', ');
  return place ? `Based in: ${place}` : null;
}

const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The CV as a PDF of one page (two at most): photo, sport facts, about, career, awards and
 * availability, in selectable text. Never contact details: those stay in Arena.
 */
export async function renderCvPdf(input: CvPdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${input.fullName} — Arena CV`,
      Author: input.fullName,
      Creator: 'Arena',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolveBuffer, reject) => {
    doc.on('end', () => resolveBuffer(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { body, bold } = await loadFonts();
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 24;
  const pages = () => doc.bufferedPageRange().count;

  // The head: photo, name, handle and sport line.
  const top = doc.y;
  const photoSize = 72;
  let textX = MARGIN;
  if (input.photo) {
    try {
      doc.image(Buffer.from(input.photo), MARGIN, top, { fit: [photoSize, photoSize] });
      textX = MARGIN + photoSize + 16;
    } catch {
      // A picture the PDF cannot take: the CV goes without it.
    }
  }
  const a = input.cv.athlete;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(input.fullName, textX, top, {
      width: width - (textX - MARGIN),
    });
  const line = [
    `@${input.username}`,
    a.sport ? SPORT_LABELS[a.sport] : null,
    a.mainPosition,
    a.age === null ? null : `${a.age} years`,
  ].filter(Boolean);
  doc
    .font('body')
    .fontSize(11)
    .fillColor(MUTED)
    .text(line.join(' · '), textX, doc.y + 2, {
      width: width - (textX - MARGIN),
    });
  const place = basedIn(a);
  if (place) doc.text(place, textX, doc.y + 2, { width: width - (textX - MARGIN) });
  if (a.availabilityStatus) {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(a.availabilityStatus === 'Available' ? '#15803d' : MUTED)
      .text(a.availabilityStatus === 'Available' ? 'Available now' : 'Not available', textX);
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + (input.photo ? photoSize : 0)) + 18;

  /**
   * Whether `height` more points fit: on this page, or on a new one while the CV is under its
   * page limit.
   */
  const room = (height: number) => {
    if (doc.y + height <= bottom()) return true;
    if (pages() >= MAX_PAGES) return false;
    doc.addPage();
    return true;
  };

  /** A section's title, with the first line under it (a title never ends a page). */
  const heading = (title: string) => {
    if (!room(44)) return false;
    doc.moveDown(0.4);
    doc.font('bold').fontSize(13).fillColor(ACCENT).text(title, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.y = y + 6;
    return true;
  };

  /** The one line that says what did not fit. */
  const more = (count: number, noun: string) => {
    doc
      .font('body')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`…and ${count} more ${noun} on Arena.`, MARGIN, Math.min(doc.y, bottom()), { width });
  };

  /**
   * Writes each entry while it fits (`measure` says how tall it is); the rest are counted in one
   * line, so the CV never runs past two pages.
   */
  const entries = <T>(
    items: T[],
    noun: string,
    measure: (item: T) => number,
    write: (item: T) => void,
  ) => {
    for (const [index, item] of items.entries()) {
      if (!room(measure(item) + 14)) {
        more(items.length - index, noun);
        return;
      }
      write(item);
    }
  };

  const rows = facts(input.cv);
  if (rows.length > 0 && heading('Sport profile')) {
    const labelWidth = 120;
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('body').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(INK)
        .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
      doc.y += 2;
    }
  }

  if (a.aboutPlayer && heading('About')) {
    doc
      .font('body')
      .fontSize(10)
      .fillColor(INK)
      .text(a.aboutPlayer, MARGIN, doc.y, {
        width,
        height: pages() >= MAX_PAGES ? bottom() - doc.y : undefined,
        ellipsis: true,
      });
  }

  const career = input.cv.career;
  if (career.length > 0) {
    if (heading('Career')) {
      const teamWidth = width - 80;
      entries(
        career,
        'seasons',
        (entry) =>
          doc.font('bold').fontSize(10).heightOfString(`${entry.teamName}  ${entry.role}`, {
            width: teamWidth,
          }),
        (entry) => {
          const y = doc.y;
          doc
            .font('body')
            .fontSize(10)
            .fillColor(MUTED)
            .text(entry.season, MARGIN, y, { width: 80 });
          doc
            .font('bold')
            .fontSize(10)
            .fillColor(INK)
            .text(entry.teamName, MARGIN + 80, y, { width: teamWidth, continued: true })
            .font('body')
            .fillColor(MUTED)
            .text(`  ${entry.role}`);
          doc.y += 2;
        },
      );
    } else {
      more(career.length, 'seasons');
    }
  }

  const awards = input.cv.awards;
  if (awards.length > 0) {
    if (heading('Awards')) {
      entries(
        awards,
        'awards',
        (award) =>
          doc.font('bold').fontSize(10).heightOfString(award.title, { width }) +
          (award.description
            ? doc.font('body').fontSize(9).heightOfString(award.description, { width })
            : 0),
        (award) => {
          doc
            .font('bold')
            .fontSize(10)
            .fillColor(INK)
            .text(award.title, MARGIN, doc.y, { width, continued: Boolean(award.awardDate) });
          if (award.awardDate) {
            doc
              .font('body')
              .fillColor(MUTED)
              .text(`  ${day(award.awardDate)}`);
          }
          if (award.description) {
            doc.font('body').fontSize(9).fillColor(MUTED).text(award.description, { width });
          }
          doc.y += 3;
        },
      );
    } else {
      more(awards.length, 'awards');
    }
  }

  // Every page's foot: where the whole profile is, and when this copy was made.
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const foot = `Arena CV of @${input.username} · ${input.profileUrl} · made ${day(
      input.generatedOn.toISOString().slice(0, 10),
    )} · page ${page + 1} of ${range.count}`;
    // Written inside the bottom margin: no new page for it.
    const footY = doc.page.height - MARGIN + 8;
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(foot, MARGIN, footY, { width, lineBreak: false });
    doc.page.margins.bottom = margins;
  }
  doc.end();
  return finished;
}
