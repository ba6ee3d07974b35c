import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { putImageSet, removeUpload } from '../media/image-files.ts';
import { makeImageSet } from '../media/images.ts';
import {
  MESSAGE_MEDIA,
  type MediaRules,
  POST_MEDIA,
  VIDEO_SOURCE_BUCKET,
  VIDEO_TYPES,
} from '../media/media.service.ts';
import { probeVideo } from '../media/video-probe.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { Bucket, FileStorage } from '../storage/file-storage.ts';
import {
  posterFrame,
  readOutput,
  runFfmpeg,
  TRANSCODE,
  TranscodeFailure,
  transcodeArguments,
  wantsSmallCopy,
} from './transcode.ts';
import type { Carriers, VideosRepository } from './videos.repository.ts';

const RULES: Partial<Record<Bucket, MediaRules>> = {
  'post-media': POST_MEDIA,
  'message-media': MESSAGE_MEDIA,
};

/** The demuxer ffmpeg opens each kind of original with (never left to guess, as in the probe). */
const DEMUXERS: Record<string, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska' };

/** Progress is told at most this often (and at every whole 10 %). */
const PROGRESS_EVERY_MS = 1000;

/** `{user}/{stamp}.mp4` → `{user}/{stamp}-{suffix}.{extension}`, a file made beside it. */
const beside = (key: string, suffix: string, extension: string) =>
  `${key.slice(0, key.lastIndexOf('.'))}-${suffix}.${extension}`;

/**
 * The `video` job (decision 0051): fetches the original, makes the MP4s and the poster, stores
 * them, and settles the upload and the posts and messages that carry it, telling the uploader
 * how far it is and how it ended. A file ffmpeg cannot make playable, or one longer than its
 * limit once read, ends `failed`: a post goes on without it and its author is notified.
 */
export function createVideosService(deps: {
  repo: VideosRepository;
  storage: FileStorage;
  bus: EventBus;
  notifications: Pick<NotificationsService, 'record' | 'announce'>;
  /** Tells both sides of a message that its video changed. */
  messageChanged: (messageId: string) => Promise<void>;
}) {
  const { repo, storage, bus, notifications } = deps;

  async function tellUploader(
    profileId: string,
    video: { id: string; status: 'processing' | 'ready' | 'failed'; percent: number },
  ) {
    await bus.publish({ type: 'video.changed', topic: `inbox:${profileId}`, video });
  }

  /**
   * A post whose video is ready can be seen now: its author's followers online hear of it as of
   * a new post. (One whose video failed was shown, without it, all along.) Both sides of a
   * message see it as it now is.
   */
  async function announce(carriers: Carriers, ready: boolean) {
    for (const post of ready ? carriers.posts : []) {
      await bus.publish({ type: 'post.created', topic: 'feed', post });
    }
    for (const message of carriers.messages) await deps.messageChanged(message.id);
  }

  async function fail(
    file: { id: string; profileId: string; sourceKey: string },
    reason: string,
    log: JobLog,
  ) {
    const { id: fileId, profileId } = file;
    log.warn({ fileId, reason }, 'a video could not be processed');
    const told: (string | null)[] = [];
    const carriers = await repo.transaction(async (tx) => {
      const settled = await repo.fail(tx, fileId);
      for (const post of settled?.posts ?? []) {
        told.push(
          await notifications.record(tx, {
            recipientId: post.authorId,
            kind: 'video',
            subjectId: post.id,
            actorId: null,
          }),
        );
      }
      return settled;
    });
    if (!carriers) return;
    await storage.remove(VIDEO_SOURCE_BUCKET, file.sourceKey);
    await notifications.announce(told);
    await tellUploader(profileId, { id: fileId, status: 'failed', percent: 100 });
    await announce(carriers, false);
  }

  return {
    /** Processes one upload; a throw (storage, a crash) leaves it for the job's retry. */
    async process(fileId: string, log: JobLog): Promise<void> {
      const file = await repo.findWaiting(fileId);
      if (!file) return; // Deleted, or already settled by an earlier try.
      const bucket = file.bucket as Bucket;
      const rules = RULES[bucket];
      if (!rules) throw new Error(`No video rules for bucket ${bucket}`);
      const extension = file.sourceKey.slice(file.sourceKey.lastIndexOf('.') + 1);
      const demuxer = DEMUXERS[extension];
      const mime = Object.keys(VIDEO_TYPES).find((type) => VIDEO_TYPES[type] === extension);
      if (!demuxer || !mime) throw new Error(`Unknown video original ${file.sourceKey}`);

      const work = await mkdtemp(path.join(tmpdir(), 'arena-video-'));
      try {
        const original = await storage.get(VIDEO_SOURCE_BUCKET, file.sourceKey);
        if (!original) {
          await fail(file, 'the original is gone', log);
          return;
        }
        const source = path.join(work, `source.${extension}`);
        await pipeline(original.stream(), createWriteStream(source));
        const facts = await probeVideo(source, mime);
        if (!facts.ok) {
          await fail(file, facts.reason, log);
          return;
        }
        const targets = {
          main: path.join(work, 'main.mp4'),
          small: wantsSmallCopy(facts) ? path.join(work, 'small.mp4') : null,
        };
        const expected = facts.durationSeconds ?? (file.durationMs ?? 0) / 1000;
        let lastTold = 0;
        let lastTenth = 0;
        const made = await runFfmpeg(
          transcodeArguments(
            { file: source, demuxer, facts, maxSeconds: rules.videoSeconds },
            targets,
          ),
          {
            timeoutMs: TRANSCODE.timeoutMs,
            onProgress: (seconds) => {
              if (expected <= 0) return;
              const percent = Math.min(99, Math.floor((seconds / expected) * 100));
              const now = Date.now();
              if (now - lastTold < PROGRESS_EVERY_MS && Math.floor(percent / 10) === lastTenth)
                return;
              lastTold = now;
              lastTenth = Math.floor(percent / 10);
              void tellUploader(file.profileId, { id: fileId, status: 'processing', percent });
            },
          },
        ).then(
          () => null,
          (error: unknown) => {
            if (error instanceof TranscodeFailure) return error.message;
            throw error;
          },
        );
        if (made !== null) {
          await fail(file, made, log);
          return;
        }
        const output = await readOutput(targets.main);
        if (output.durationSeconds > rules.videoSeconds + 0.5) {
          await fail(file, `${output.durationSeconds} s is over the limit`, log);
          return;
        }
        const png = path.join(work, 'poster.png');
        await posterFrame(targets.main, png, output.durationSeconds);
        const poster = await makeImageSet(
          await readFile(png),
          { width: rules.imageMaxSide, height: rules.imageMaxSide, mode: 'inside' },
          rules.variantWidths,
        );

        const posterPath = beside(file.path, 'poster', 'webp');
        const smallPath = targets.small ? beside(file.path, '720', 'mp4') : null;
        const sizeBytes = (await stat(targets.main)).size;
        await putImageSet(storage, bucket, posterPath, poster);
        if (targets.small && smallPath) await storage.adopt(bucket, smallPath, targets.small);
        await storage.adopt(bucket, file.path, targets.main);

        const posterWidths = poster.variants.map((variant) => variant.nominalWidth);
        const carriers = await repo.transaction((tx) =>
          repo.finish(tx, fileId, {
            sizeBytes,
            width: output.width,
            height: output.height,
            durationMs: Math.round(output.durationSeconds * 1000),
            posterPath,
            posterWidths,
            smallPath,
          }),
        );
        if (!carriers) {
          // Deleted while it was processed: what was made goes too.
          await removeUpload(storage, bucket, {
            path: file.path,
            variantWidths: posterWidths,
            posterPath,
            smallPath,
          });
          return;
        }
        await storage.remove(VIDEO_SOURCE_BUCKET, file.sourceKey);
        await tellUploader(file.profileId, { id: fileId, status: 'ready', percent: 100 });
        await announce(carriers, true);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

interface JobLog {
  warn(details: object, message: string): void;
}
