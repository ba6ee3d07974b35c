/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: manage the admin role
 * against the configured database (DATA_DIR or DATABASE_URL). With the embedded database, stop
 * the server first: PGlite allows one process at a time on its data directory.
 */
import { z } from 'zod';

import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { FAILED_SIGN_INS_PER_ACCOUNT } from '../http/rate-limits.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { loadSigner } from '../modules/auth/signing-keys.ts';
import { createMfaRepository } from '../modules/mfa/mfa.repository.ts';
import { secondFactorsOf } from '../modules/mfa/second-factors.ts';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!z.email().safeParse(email).success) {
    process.stderr.write(`Not an email address: ${email}\n`);
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
  );
  try {
    const repository = createAuthRepository(database.db);
    const auth = createAuthService(
      repository,
      await loadSigner(repository),
      {
        adminEmails: config.adminEmails,
        failedSignInsPerAccount: FAILED_SIGN_INS_PER_ACCOUNT.max,
        failedSignInWindowMs: FAILED_SIGN_INS_PER_ACCOUNT.windowMs,
      },
      secondFactorsOf(createMfaRepository(database.db)),
    );
    const found = await auth.setAdmin(email, command === 'grant', null, 'cli');
    if (!found) {
      process.stderr.write(`No account has the email ${email}.\n`);
      return 1;
    }
    process.stdout.write(
      command === 'grant'
        ? `${email} now holds the admin role.\n`
        : `${email} no longer holds the admin role.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
