import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';

import { postJson, refreshWith, sleep } from './account-helpers.ts';
import { refreshCookie, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { linkIn } from './smtp-sink.ts';

describeEachDatabase(
  'mail without SMTP_URL goes to DATA_DIR/outbox',
  (context) => {
    async function outboxMails(to: string, count: number) {
      const dir = path.join(context().dataDir, 'outbox');
      for (let waited = 0; ; waited += 50) {
        const files = existsSync(dir) ? readdirSync(dir) : [];
        const mails = await Promise.all(
          files.map(async (file) => simpleParser(readFileSync(path.join(dir, file)))),
        );
        const mine = mails.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === to);
        if (mine.length >= count || waited > 5000) return mine;
        await sleep(50);
      }
    }

    it('writes the reset link there, and the link works', async () => {
      const user = await signUp(context());
      await postJson(context(), '/api/auth/password-reset/request', { email: user.input.email });
      const [mail] = await outboxMails(user.input.email, 1);
      expect(mail?.subject).toBe('Reset your Arena password');
      const { url, token } = linkIn({ text: mail?.text ?? '' }, '/auth/reset-password');
      expect(url.origin).toBe('https://arena.example');

      const response = await postJson(context(), '/api/auth/password-reset/complete', {
        token,
        password: 'outbox-password-1',
        confirmPassword: 'outbox-password-1',
      });
      expect(response.statusCode).toBe(200);
      expect((await refreshWith(context(), refreshCookie(response)!.value)).statusCode).toBe(200);
      const notices = await outboxMails(user.input.email, 2);
      expect(notices.map((notice) => notice.subject)).toContain('Your Arena password was changed');
    });
  },
  { publicUrl: 'https://arena.example' },
);
