import type { Post } from '@arena/shared/post.schema';
import { Volume2, VolumeX } from 'lucide-react';
import { useRef, useState } from 'react';

import { cx, focusRing } from '../../components/ui/class-names.ts';
import { useAutoplayAllowed, useAutoplayInView } from '../videos/use-autoplay-in-view.ts';
import { useVideoSource } from '../videos/video-source.ts';

/**
 * A post's playable video: its poster frame until it plays, only its metadata fetched before,
 * and the 720p copy on a phone. Scrolled into view it starts muted, where the reader allows
 * motion and data; the button in its corner turns the sound on with one tap (the native controls
 * do too). Its box takes the poster's proportions before anything loads, so the feed does not
 * jump; an older video has no poster and shows as it did.
 */
export function PostVideo({ post, src }: { post: Post; src: string }) {
  const { video } = post;
  const ref = useRef<HTMLVideoElement>(null);
  const autoplay = useAutoplayAllowed();
  // Muted only to start by itself: a reader who presses play hears it.
  const [muted, setMuted] = useState(autoplay);
  useAutoplayInView(ref, autoplay);
  const source = useVideoSource(src, video);
  const poster = video?.poster ?? null;
  return (
    <div className="relative overflow-hidden rounded-xl bg-black">
      <video
        ref={ref}
        src={source}
        poster={video?.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        muted={muted}
        // The native controls' mute button keeps ours in step.
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        aria-label={`Video posted by ${post.author.fullName}`}
        style={poster ? { aspectRatio: `${poster.width} / ${poster.height}` } : undefined}
        className="block max-h-[32rem] w-full"
      />
      <button
        type="button"
        onClick={() => setMuted((was) => !was)}
        aria-label={muted ? 'Unmute' : 'Mute'}
        className={cx(
          'absolute top-2 right-2 grid size-10 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80',
          focusRing,
        )}
      >
        {muted ? (
          <VolumeX className="size-5" aria-hidden />
        ) : (
          <Volume2 className="size-5" aria-hidden />
        )}
      </button>
    </div>
  );
}
