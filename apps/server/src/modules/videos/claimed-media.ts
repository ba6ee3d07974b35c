import type { VideoColumns } from './video-view.ts';

/** An upload as its claim returns it (media.repository.ts). */
interface ClaimedFile {
  contentType: string;
  width: number | null;
  height: number | null;
  variantWidths: number[] | null;
  videoStatus: 'processing' | 'ready' | 'failed' | null;
  durationMs: number | null;
  posterPath: string | null;
  smallPath: string | null;
}

/**
 * What a post or a message stores of the upload it claimed, beside its path: a photo's size and
 * display sizes; a video's state (processing until its job ends), its upload's id and, once
 * ready, its size, poster and 720p copy. A video stored before processing existed has none.
 */
export function claimedMedia(fileId: string, file: ClaimedFile): Omit<VideoColumns, 'mediaType'> {
  const video = file.contentType.startsWith('video/');
  const processed = video && file.videoStatus !== null;
  return {
    mediaWidth: !video || processed ? file.width : null,
    mediaHeight: !video || processed ? file.height : null,
    mediaVariantWidths: !video || processed ? file.variantWidths : null,
    mediaStatus: file.videoStatus === 'processing' ? 'processing' : null,
    mediaFileId: processed ? fileId : null,
    mediaDurationMs: processed ? file.durationMs : null,
    mediaPosterPath: processed ? file.posterPath : null,
    mediaSmallPath: processed ? file.smallPath : null,
  };
}
