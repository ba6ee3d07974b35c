import { Avatar as AvatarPrimitive } from 'radix-ui';

/**
 * The athlete's picture; without one, the first two letters of the name on the application,
 * uppercased (spec section 2, Applications Received): 'Jordan Miles' → 'JO'.
 */
export function ApplicantAvatar({ name, src }: { name: string; src: string | null }) {
  return (
    <AvatarPrimitive.Root className="inline-flex size-16 shrink-0 overflow-hidden rounded-full bg-blue-100 align-middle text-xl">
      {src ? (
        <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        className="grid size-full place-items-center font-semibold text-blue-900"
        aria-hidden
      >
        {name.trim().slice(0, 2).toUpperCase() || '?'}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
