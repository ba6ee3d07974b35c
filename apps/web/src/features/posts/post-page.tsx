import { postIdParamSchema } from '@arena/shared/post.schema';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { PostCard } from './post-card.tsx';
import { PostSkeletons } from './post-skeleton.tsx';
import { isPostGone, usePostLive, usePostQuery } from './single-post-queries.ts';

/** /posts/{id}: one post, its comments (open) and its actions; where a shared link leads. */
export function PostPage() {
  const { id = '' } = useParams();
  // An address that cannot name a post is not asked about.
  return postIdParamSchema.safeParse({ id }).success ? (
    <LoadedPost key={id} id={id} />
  ) : (
    <PostNotFound />
  );
}

function LoadedPost({ id }: { id: string }) {
  const query = usePostQuery(id);
  const { deleted } = usePostLive(id);
  const [commentsOpen, setCommentsOpen] = useState(true);

  if (deleted) return <PostNotFound />;
  if (query.isPending) {
    return (
      <PostFrame>
        <PostSkeletons count={1} />
      </PostFrame>
    );
  }
  if (query.isError) {
    if (isPostGone(query.error)) return <PostNotFound />;
    return (
      <PostFrame>
        <Card className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-slate-800">Failed to load post</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Card>
      </PostFrame>
    );
  }
  const post = query.data;
  return (
    <PostFrame title={`${post.author.fullName} on Arena`}>
      <PostCard
        item={{ key: `post:${post.id}`, kind: 'post', at: post.createdAt, repostedBy: null, post }}
        comments={{ open: commentsOpen, onToggle: () => setCommentsOpen((open) => !open) }}
        priority
      />
    </PostFrame>
  );
}

function PostFrame({ title = 'Post', children }: { title?: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <DocumentTitle title={title} />
      <Link
        to="/feed"
        className={cx(
          'inline-flex items-center gap-1.5 self-start text-sm font-medium text-blue-800 hover:underline',
          focusRing,
        )}
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to feed
      </Link>
      <h1 className="sr-only">Post</h1>
      {children}
    </div>
  );
}

/** A post that does not exist, or no longer does. */
function PostNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <DocumentTitle title="Post not found" />
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">Post not found</h1>
        <p className="text-slate-700">This post may have been deleted, or the link is wrong.</p>
        <Button asChild>
          <Link to="/feed">Back to feed</Link>
        </Button>
      </Card>
    </div>
  );
}
