import { Avatar } from '../../../components/ui/avatar.tsx';

/**
 * The athlete's picture; without one, the first two letters of the name on the application,
 * uppercased (spec section 2, Applications Received): 'Jordan Miles' → 'JO'.
 */
export function ApplicantAvatar({ name, src }: { name: string; src: string | null }) {
  return (
    <Avatar
      name={name}
      src={src}
      size="lg"
      fallback={name.trim().slice(0, 2).toUpperCase() || '?'}
    />
  );
}
