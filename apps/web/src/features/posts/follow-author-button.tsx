import type { Post } from '@arena/shared/post.schema';

import { useFollowMutation } from '../people/follow-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSignInGate } from './use-sign-in-gate.ts';

/**
 * Follow / Following for the author of someone else's post; every post of theirs shows the change
 * at once (useFollowMutation patches cached posts), and goes back if the server refuses. The visible label carries the state (no
 * aria-pressed: a toggle's name must not change with its state), as in people/follow-button.
 */
export function FollowAuthorButton({ post }: { post: Post }) {
  const { requireSignIn } = useSignInGate();
  const followMutation = useFollowMutation();
  const following = post.followingAuthor;
  return (
    <Button
      variant={following ? 'secondary' : 'outline'}
      size="sm"
      onClick={() => {
        if (!requireSignIn()) return;
        followMutation.mutate({ username: post.author.username, follow: !following });
      }}
    >
      {following ? 'Following' : 'Follow'}
      <span className="sr-only"> {post.author.fullName}</span>
    </Button>
  );
}
