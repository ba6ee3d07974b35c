import { expect, it } from 'vitest';

import { postJson, refreshWith } from './account-helpers.ts';
import { refreshCookie, signUp } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';
import { outboxMails as mailsIn } from './outbox.ts';
import { linkIn } from './smtp-sink.ts';

describeEachDatabase(
  'mail without SMTP_URL goes to DATA_DIR/outbox',
  (context) => {
    const outboxMails = (to: string, count: number) => mailsIn(context().dataDir, to, count);

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
