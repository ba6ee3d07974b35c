import { MESSAGES } from '@arena/shared/messages';
import { Film } from 'lucide-react';

import { cx } from '../../components/ui/class-names.ts';
import { useVideoProgress } from './video-progress.ts';

/**
 * Stands where a video will play while the server makes it playable. Its uploader (`showProgress`)
 * also sees how far that is, live; before the first news the bar says nothing rather than 0 %.
 * The caller gives the box its size, so nothing moves when the player takes its place.
 */
export function VideoProcessing({
  videoId,
  showProgress,
  className,
}: {
  videoId: string | null;
  showProgress: boolean;
  className: string;
}) {
  const progress = useVideoProgress(videoId);
  // 'ready' or 'failed' heard before the post or message is fetched again: the work is done.
  const percent =
    progress === undefined ? null : progress.status === 'processing' ? progress.percent : 100;
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-3 rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-700',
        className,
      )}
    >
      <Film className="size-6 text-slate-500" aria-hidden />
      <p>{MESSAGES.post.videoProcessing}</p>
      {showProgress ? (
        <div className="flex w-full max-w-48 items-center gap-2">
          <div
            role="progressbar"
            aria-label="Video processing"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={cx(
                'h-full rounded-full bg-blue-700 transition-[width] motion-reduce:transition-none',
                percent === null && 'w-1/3 animate-pulse motion-reduce:animate-none',
              )}
              style={percent === null ? undefined : { width: `${percent}%` }}
            />
          </div>
          <span aria-hidden className="w-9 text-right text-xs tabular-nums">
            {percent === null ? '' : `${percent}%`}
          </span>
        </div>
      ) : null}
    </div>
  );
}
