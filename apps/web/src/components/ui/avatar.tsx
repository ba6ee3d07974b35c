import { avatarVariants, srcSetOf } from '@arena/shared/image-variants';
import { useState } from 'react';

import { cx } from './class-names.ts';

/** 'Jordan Miles' → 'JM'; 'Jordan' → 'JO'; '' → '?'. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const second = words[1];
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return letters.toUpperCase();
}

/** Each size's class and its width in CSS pixels, which tells the browser which file to fetch. */
const SIZES = {
  sm: { className: 'size-8 text-xs', px: 32 },
  md: { className: 'size-10 text-sm', px: 40 },
  lg: { className: 'size-16 text-xl', px: 64 },
} as const;

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
  /**
   * The `sizes` of the picture when a class changes the avatar's width (e.g.
   * `(min-width: 640px) 104px, 88px`); by default the width of `size`.
   */
  sizes?: string;
  /** What stands in for the picture; the person's initials by default. */
  fallback?: string;
}

/**
 * A round picture, or the person's initials while it loads or when there is none. Avatars
 * stored with display sizes offer them through `srcset`, so a 40 px avatar fetches a 48 or
 * 96 px file, not the 512 px original.
 */
export function Avatar({ name, src, size = 'md', className, sizes, fallback }: AvatarProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const variants = avatarVariants(src);
  const { px } = SIZES[size];
  return (
    <span
      className={cx(
        'relative inline-flex shrink-0 overflow-hidden rounded-full bg-blue-100 align-middle',
        SIZES[size].className,
        className,
      )}
    >
      {loaded === src && src ? null : (
        <span className="grid size-full place-items-center font-semibold text-blue-900" aria-hidden>
          {fallback ?? initials(name)}
        </span>
      )}
      {src && failed !== src ? (
        <img
          src={src}
          srcSet={variants.length > 0 ? srcSetOf(variants) : undefined}
          sizes={variants.length > 0 ? (sizes ?? `${px}px`) : undefined}
          width={px}
          height={px}
          alt={name}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className={cx(
            'absolute inset-0 size-full object-cover',
            // Hidden, not removed, until it has loaded: the initials show meanwhile.
            loaded !== src && 'opacity-0',
          )}
        />
      ) : null}
    </span>
  );
}
