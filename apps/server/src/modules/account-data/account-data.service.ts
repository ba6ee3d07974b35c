import { Readable } from 'node:stream';

import { ZipFile } from 'yazl';

import { AVATAR_WIDTHS, hasAvatarVariants } from '@arena/shared/image-variants';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';

import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { ACCOUNT_LIMITS } from '../../http/rate-limits.ts';
import type { AttemptLimits } from '../auth/attempt-limits.ts';
import { verifyPassword } from '../auth/password.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import { removeUpload, removeWithVariants } from '../media/image-files.ts';
import { ownAvatarKey } from '../profiles/profiles.service.ts';
import { BUCKETS, type Bucket, type FileStorage } from '../storage/file-storage.ts';
import type { AccountDeletionRepository } from './account-deletion.repository.ts';
import {
  type AccountExportRepository,
  EXPORT_KINDS,
  type Owner,
} from './account-export.repository.ts';

export type AccountDataService = ReturnType<typeof createAccountDataService>;

/** Wrong passwords count against the account as they do when changing it. */
const WRONG_PASSWORDS = ACCOUNT_LIMITS.wrongCurrentPasswordsPerAccount;

const isBucket = (name: string): name is Bucket => (BUCKETS as readonly string[]).includes(name);

/** One JSON array, written a row at a time as the rows are read. */
function jsonArray(rows: AsyncIterable<unknown>): Readable {
  async function* lines() {
    let first = true;
    yield '[';
    for await (const row of rows) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
      first = false;
    }
    yield '\n]\n';
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A stored file's content, opened only when the ZIP comes to it. */
function storedContent(storage: FileStorage, bucket: Bucket, key: string): Readable {
  async function* content() {
    const object = await storage.get(bucket, key);
    if (object) yield* object.stream();
  }
  return Readable.from(content(), { objectMode: false });
}

export function createAccountDataService(deps: {
  exports: AccountExportRepository;
  deletion: AccountDeletionRepository;
  storage: FileStorage;
  limits: AttemptLimits;
  revocations: SessionRevocations;
  onError: (error: unknown) => void;
  /**
   * Work of other modules in the deletion's transaction, before the rows go (camps give the
   * member's places to their waiting lists); each returns what to do once it committed.
   */
  onErase?: ((tx: Executor, userId: string) => Promise<() => Promise<void>>) | undefined;
}) {
  const { exports, deletion, storage, limits, revocations, onError } = deps;

  /**
   * Everything of the account goes in one transaction; then its sessions end everywhere (access
   * tokens and sockets too) and its files go. Also used for an account that turns out to belong
   * to someone under the minimum age (the minors module).
   */
  async function erase(userId: string): Promise<void> {
    const { deleted, committed } = await deletion.transaction(async (tx) => ({
      committed: await deps.onErase?.(tx, userId),
      deleted: await deletion.deleteAccount(tx, userId),
    }));
    if (!deleted) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
    await committed?.();
    // Refresh tokens went with the account; access tokens and open sockets stop now.
    await revocations.announce(deleted.sessionIds);

    const avatar = ownAvatarKey(deleted.avatarUrl, userId);
    try {
      if (avatar) {
        const sizes = hasAvatarVariants(deleted.avatarUrl ?? '') ? AVATAR_WIDTHS : [];
        await removeWithVariants(storage, 'avatars', avatar, sizes);
      }
      for (const file of deleted.files) {
        if (isBucket(file.bucket)) {
          await removeUpload(storage, file.bucket, file);
        }
      }
    } catch (error) {
      // The rows are gone; a file left behind is unreachable, and reported.
      onError(error);
    }
  }

  return {
    /**
     * The member's data as a ZIP, streamed: one JSON file per kind of record, then each file they
     * uploaded under files/. Rows and files are read as the ZIP is written, a page at a time.
     */
    exportArchive(auth: AuthContext): Readable {
      const owner: Owner = { userId: auth.userId, profileId: auth.profileId };
      const zip = new ZipFile();
      const output = new Readable().wrap(zip.outputStream);
      const fill = async () => {
        for (const kind of EXPORT_KINDS) {
          zip.addReadStream(jsonArray(exports.rows(kind, owner)), `${kind}.json`);
        }
        for await (const row of exports.rows('profile', owner)) {
          const avatar = ownAvatarKey(
            typeof row.avatar_url === 'string' ? row.avatar_url : null,
            auth.userId,
          );
          if (avatar) {
            zip.addReadStream(storedContent(storage, 'avatars', avatar), `files/avatars/${avatar}`);
          }
        }
        for await (const file of exports.files(auth.userId)) {
          // A video still being processed has no file at its key yet.
          if (!isBucket(file.bucket) || file.videoStatus === 'processing') continue;
          zip.addReadStream(
            storedContent(storage, file.bucket, file.path),
            `files/${file.bucket}/${file.path}`,
          );
        }
        zip.end();
      };
      fill().catch((error: unknown) => {
        onError(error);
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return output;
    },

    /**
     * Deletes the account: the password proves it is the member (an account without one proves it
     * by a session started within the last minutes). Everything of theirs goes in one transaction;
     * then their sessions end everywhere (access tokens and sockets too) and their files go.
     */
    async deleteAccount(auth: AuthContext, password: string | undefined, ip: string) {
      const account = await deletion.credentials(auth.userId, auth.sessionId);
      if (!account) throw new AppError('unauthorized', MESSAGES.auth.sessionExpired);
      if (account.passwordHash !== null) {
        if (!password) {
          const message = MESSAGES.privacy.passwordRequired;
          throw new AppError('validation_failed', message, { password: message });
        }
        await limits.refuseIfReached(
          'wrong_current_password',
          auth.userId,
          WRONG_PASSWORDS,
          MESSAGES.account.tooManyWrongPasswords,
        );
        if (!(await verifyPassword(account.passwordHash, password))) {
          await limits.record('wrong_current_password', auth.userId, WRONG_PASSWORDS, ip);
          const message = MESSAGES.account.currentPasswordWrong;
          throw new AppError('validation_failed', message, { password: message });
        }
      } else {
        const started = account.sessionStartedAt?.getTime() ?? 0;
        if (Date.now() - started > LIMITS.accountDeletionReauthSeconds * 1000) {
          throw new AppError('forbidden', MESSAGES.privacy.reauthRequired);
        }
      }

      await erase(auth.userId);
    },

    erase,
  };
}
