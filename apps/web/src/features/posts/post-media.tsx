import type { Post } from '@arena/shared/post.schema';

import { VideoProcessing } from '../videos/video-processing.tsx';
import { PostImage } from './post-image.tsx';
import { PostVideo } from './post-video.tsx';

/**
 * A post's photo (opens larger on click) or video (plays inline). A photo loads as it nears the
 * screen (the first of a list at once) and a video fetches only its metadata until it plays, so a
 * long feed stays light. A video still
 * being processed is seen by its author alone (the server hides the post from others), with
 * how far it is; one that could not be processed leaves the post without it.
 */
export function PostMedia({ post, priority = false }: { post: Post; priority?: boolean }) {
  if (post.mediaType === 'video' && post.video?.status === 'processing') {
    // Its file does not exist yet: a 16:9 box where the player will be.
    return <VideoProcessing videoId={post.video.id} showProgress className="aspect-video w-full" />;
  }
  if (!post.mediaUrl || !post.mediaType) return null;
  if (post.mediaType === 'video') {
    return post.video?.status === 'failed' ? null : <PostVideo post={post} src={post.mediaUrl} />;
  }
  return <PostImage post={post} src={post.mediaUrl} priority={priority} />;
}
