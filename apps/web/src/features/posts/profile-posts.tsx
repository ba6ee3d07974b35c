import { useProfilePostsInfiniteQuery } from './post-queries.ts';
import { PROFILE_IMAGE_SIZES } from './photo-sizes.ts';
import { PostImageSizesProvider } from './post-image-sizes.ts';
import { PostList } from './post-list.tsx';

/** A member's posts and reposts, newest first, loading further pages as the reader scrolls. */
export function ProfilePosts({ username }: { username: string }) {
  const query = useProfilePostsInfiniteQuery(username);
  return (
    <section aria-labelledby="profile-posts-heading" className="flex flex-col gap-4">
      <h2 id="profile-posts-heading" className="text-lg font-semibold text-slate-900">
        Posts
      </h2>
      <PostImageSizesProvider value={PROFILE_IMAGE_SIZES}>
        <PostList
          id={`profile:${username.toLowerCase()}`}
          query={query}
          label="Posts"
          empty={{ title: 'No posts yet' }}
        />
      </PostImageSizesProvider>
    </section>
  );
}
