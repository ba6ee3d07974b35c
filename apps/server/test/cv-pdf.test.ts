import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, it } from 'vitest';

import { MESSAGES } from '@arena/shared/messages';

import { signUp, type SignedUp, uploadFile } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { birthdateAged } from './minors-fixtures.ts';
import { OFFERS_CONFIG, offersHelpers } from './offers-fixtures.ts';

/** The PDF's text (pages joined) and page count, as a reader's tool extracts them. */
async function read(bytes: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

describeEachDatabase(
  'CV as PDF',
  (context) => {
    const { inject, verifiedClub, admin } = offersHelpers(context);
    const pdfOf = (username: string, reader: SignedUp | null) =>
      inject('GET', `/api/profiles/${username}/cv.pdf`, reader);

    /** An athlete with a full CV (and a name in Cyrillic). */
    async function athlete(birthdate = '2001-03-09') {
      const user = await signUp(context(), { fullName: 'Иван Петров', birthdate });
      const saved = await context().app.inject({
        method: 'PATCH',
        url: '/api/me/cv/athlete',
        headers: user.bearer,
        payload: {
          sport: 'football',
          mainPosition: 'Left winger',
          otherPositions: 'Striker',
          heightCm: 178,
          weightKg: 71.5,
          nationalities: 'Portuguese, Ukrainian',
          country: 'Portugal',
          city: 'Porto',
          aboutPlayer: 'Left-footed, quick, loves to dribble.',
          availabilityStatus: 'Available',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const career = await inject('POST', '/api/me/cv/career', user, {
        season: '2023/24',
        teamName: 'Arena Rovers U19',
        role: 'Captain',
      });
      expect(career.statusCode, career.body).toBe(200);
      const award = await inject('POST', '/api/me/cv/awards', user, {
        title: 'Top scorer',
        description: 'Regional league',
        awardDate: '2024-06-01',
      });
      expect(award.statusCode, award.body).toBe(200);
      return user;
    }

    it('gives the athlete one page with the facts a scout reads, and no contact details', async () => {
      const ivan = await athlete();
      const png = await sharp({
        create: { width: 300, height: 300, channels: 3, background: '#2a6' },
      })
        .png()
        .toBuffer();
      const avatar = await uploadFile(
        context(),
        ivan,
        '/api/me/avatar',
        { name: 'me.png', type: 'image/png', bytes: png },
        'PUT',
      );
      expect(avatar.statusCode, avatar.body).toBe(200);

      const response = await pdfOf(ivan.input.username, ivan);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`${ivan.input.username}-cv.pdf`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.includes('/Subtype /Image')).toBe(true);

      const { pages, text } = await read(bytes);
      expect(pages).toBe(1);
      for (const fact of [
        'Иван Петров',
        `@${ivan.input.username}`,
        'Football',
        'Left winger',
        'Striker',
        '178 cm',
        '71.5 kg',
        'Portuguese, Ukrainian',
        'Based in: Porto, Portugal',
        'Available now',
        'Left-footed, quick, loves to dribble.',
        '2023/24',
        'Arena Rovers U19',
        'Captain',
        'Top scorer',
        'Regional league',
        '1 Jun 2024',
      ]) {
        expect(text).toContain(fact);
      }
      // The age, never the date; never the email.
      expect(text).toMatch(/Age \d+/);
      expect(text).not.toContain('2001');
      expect(text).not.toContain(ivan.input.email);
    });

    it('is for the athlete, verified organisations and admins; refused to others, and 404 for an organisation', async () => {
      const ivan = await athlete();
      const club = await verifiedClub();
      const agent = await verifiedClub('agent');
      const unverified = await signUp(context(), { userType: 'club' });
      const otherPlayer = await signUp(context());
      for (const reader of [club, agent, await admin()]) {
        expect((await pdfOf(ivan.input.username, reader)).statusCode).toBe(200);
      }
      for (const reader of [unverified, otherPlayer]) {
        const refused = await pdfOf(ivan.input.username, reader);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: { message: MESSAGES.cv.pdfVerifiedOnly } });
      }
      expect((await pdfOf(ivan.input.username, null)).statusCode).toBe(401);
      expect((await pdfOf(club.input.username, club)).statusCode).toBe(404);
      expect((await pdfOf('nobody_here_at_all', club)).statusCode).toBe(404);

      // Blocked: the athlete does not exist for them.
      const blocked = await inject('PUT', `/api/profiles/${club.input.username}/block`, ivan);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect((await pdfOf(ivan.input.username, club)).statusCode).toBe(404);
    });

    it("prints a minor's age for a verified organisation, never the date", async () => {
      const teen = await athlete(birthdateAged(16));
      const club = await verifiedClub();
      const response = await pdfOf(teen.input.username, club);
      expect(response.statusCode, response.body).toBe(200);
      const { text } = await read(response.rawPayload);
      expect(text).toContain('Age 16');
      // A minor's city too: the PDF is for verified organisations and admins (decision 0044).
      expect(text).toContain('Based in: Porto, Portugal');
      expect(text).not.toContain(birthdateAged(16).slice(0, 4));
    });

    it('stays within two pages however long the career, counting what did not fit', async () => {
      const ivan = await athlete();
      // The most seasons a CV holds, each a team name long enough to take two lines.
      for (let i = 1; i < 50; i++) {
        const season = `${1970 + i}/${String((71 + i) % 100).padStart(2, '0')}`;
        const added = await inject('POST', '/api/me/cv/career', ivan, {
          season,
          teamName: `Associação Desportiva e Recreativa número ${i} da Liga Regional de Futebol Juvenil do Norte`,
          role: 'Player',
        });
        expect(added.statusCode, added.body).toBe(200);
      }
      const { pages, text } = await read((await pdfOf(ivan.input.username, ivan)).rawPayload);
      expect(pages).toBe(2);
      expect(text).toMatch(/…and \d+ more seasons on Arena\./);
      expect(text).toContain('page 2 of 2');
    });
  },
  OFFERS_CONFIG,
);
