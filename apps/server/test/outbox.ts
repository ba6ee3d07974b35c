import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * The mails to `to` that a server without SMTP_URL wrote to `dataDir/outbox`, once there are
 * `count` of them (or after 5 seconds, however many there are).
 */
export async function outboxMails(dataDir: string, to: string, count = 1): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  for (let waited = 0; ; waited += 50) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.eml'))
          .sort()
      : [];
    const mails = await Promise.all(
      files.map(async (file) => simpleParser(readFileSync(path.join(dir, file)))),
    );
    const mine = mails.filter((mail) =>
      [mail.to ?? []]
        .flat()
        .some((list) => list.value.some((a) => a.address?.toLowerCase() === to.toLowerCase())),
    );
    if (mine.length >= count || waited > 5000) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
