import { useFollowMutation } from './follow-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import type { ButtonProps } from '../../components/ui/button.tsx';
import { useSignInGate } from '../posts/use-sign-in-gate.ts';

/**
 * Follow / Following for one person: shown at once, rolled back if the server refuses; a visitor
 * is asked to sign in instead. The visible label carries the state, so there is no aria-pressed
 * (a toggle's name must not change with its state).
 */
export function FollowButton({
  username,
  fullName,
  isFollowing,
  size = 'sm',
  className,
}: {
  username: string;
  /** Read after the label ('Follow Jordan Miles') where several buttons share a list. */
  fullName?: string;
  isFollowing: boolean;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const { requireSignIn } = useSignInGate();
  const follow = useFollowMutation();
  const label = isFollowing ? 'Following' : 'Follow';
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'outline'}
      size={size}
      className={className}
      onClick={() => {
        if (!requireSignIn()) return;
        follow.mutate({ username, follow: !isFollowing });
      }}
    >
      {label}
      {fullName ? <span className="sr-only"> {fullName}</span> : null}
    </Button>
  );
}
