import type { Post } from '@arena/shared/post.schema';

import { PostImage } from './post-image.tsx';

/**
 * A post's photo (opens larger on click) or video (plays inline). Neither loads before it
 * nears the screen, except the first photo of a list, so a long feed stays light.
 */
export function PostMedia({ post, priority = false }: { post: Post; priority?: boolean }) {
  if (!post.mediaUrl || !post.mediaType) return null;
  if (post.mediaType === 'video') {
    return (
      <video
        src={post.mediaUrl}
        controls
        playsInline
        preload="none"
        aria-label={`Video posted by ${post.author.fullName}`}
        className="max-h-[32rem] w-full rounded-xl bg-black"
      />
    );
  }
  return <PostImage post={post} src={post.mediaUrl} priority={priority} />;
}
