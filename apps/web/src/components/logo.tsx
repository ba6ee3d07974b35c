import { useId } from 'react';

import { cx } from './ui/class-names.ts';

/** Arena's mark: a rounded tile with the 'A' of an arena's arch. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={cx('size-9 shrink-0', className)} aria-hidden>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1d4ed8" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
      <path d="M32 13 47 51h-8.2l-3-8H28.2l-3 8H17L32 13Zm0 13.6-3.5 9.6h7L32 26.6Z" fill="#fff" />
    </svg>
  );
}

/** The mark and the word 'Arena'; `wordClassName` can hide the word (visually) where space is short. */
export function Logo({ wordClassName }: { wordClassName?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className={cx('text-xl font-extrabold tracking-tight text-blue-800', wordClassName)}>
        Arena
      </span>
    </span>
  );
}
