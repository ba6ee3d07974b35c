import type { ImageSizes } from '@arena/shared/image.schema';
import { srcSetOf } from '@arena/shared/image-variants';
import type { Message } from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import type { Video } from '@arena/shared/video.schema';

import { ImageLightbox } from '../../components/image-lightbox.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { VideoProcessing } from '../videos/video-processing.tsx';
import { useVideoSource } from '../videos/video-source.ts';

/*
 * A message's photo (opens larger on click) or video (plays inline). Both keep a fixed height,
 * so the conversation does not shift as they load and the scroll position holds. A video the
 * server is still making playable, or could not, keeps that height too; `message.updated` brings
 * it as it ends up.
 */

/** The box a photo or video takes while there is nothing to show in it. */
const PLACEHOLDER = 'h-48 w-48 max-w-full';

export function MessageMedia({
  message,
  senderName,
  mine = false,
}: {
  message: Message;
  senderName: string;
  /** Sent by the viewer: a video being processed shows them how far it is. */
  mine?: boolean;
}) {
  if (!message.mediaType) return null;
  if (message.mediaType === 'video' && message.video?.status === 'processing') {
    return (
      <VideoProcessing
        videoId={message.video.id}
        // Only the sender hears how far it is.
        showProgress={mine}
        className={PLACEHOLDER}
      />
    );
  }
  if (message.mediaType === 'video' && message.video?.status === 'failed') {
    return (
      <p
        className={cx(
          'grid place-items-center rounded-xl bg-slate-200 p-4 text-center text-sm text-slate-700',
          PLACEHOLDER,
        )}
      >
        {MESSAGES.messaging.videoFailed}
      </p>
    );
  }
  if (!message.mediaUrl) {
    // A photo the browser cannot draw before it is sent (HEIC).
    return (
      <p
        className={cx(
          'grid place-items-center rounded-xl bg-slate-200 text-sm text-slate-700',
          PLACEHOLDER,
        )}
      >
        {message.mediaType === 'video' ? 'Video' : 'Photo'}
      </p>
    );
  }
  if (message.mediaType === 'video') {
    return (
      <MessageVideo
        src={message.mediaUrl}
        video={message.video}
        label={`Video from ${senderName}`}
      />
    );
  }
  return (
    <MessageImage
      src={message.mediaUrl}
      image={message.mediaImage}
      alt={`Photo from ${senderName}`}
    />
  );
}

/** A playable video: its poster frame until it plays (older videos and one being sent have none). */
function MessageVideo({ src, video, label }: { src: string; video: Video | null; label: string }) {
  const source = useVideoSource(src, video);
  return (
    <video
      src={source}
      poster={video?.posterUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      className="h-48 max-w-full rounded-xl bg-black"
    />
  );
}

/** The height a photo shows at in the conversation (`h-48`), in CSS pixels. */
const SHOWN_HEIGHT = 192;

function MessageImage({ src, image, alt }: { src: string; image: ImageSizes | null; alt: string }) {
  return (
    <ImageLightbox
      title={alt}
      src={src}
      alt={alt}
      label={`${alt}, open larger`}
      className="max-w-full bg-slate-200"
    >
      <img
        src={src}
        // Shown 192 px high, so as wide as its proportions make that: the browser fetches
        // the smallest size that covers it. Photos from before sizes were made: as they are.
        {...(image
          ? {
              srcSet: srcSetOf([...image.variants, { url: src, width: image.width }]),
              sizes: `${Math.round((SHOWN_HEIGHT * image.width) / image.height)}px`,
              width: image.width,
              height: image.height,
            }
          : {})}
        alt={alt}
        decoding="async"
        className="h-48 w-auto max-w-full object-cover"
      />
    </ImageLightbox>
  );
}
