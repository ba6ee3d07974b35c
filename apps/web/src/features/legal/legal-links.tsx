import { Link } from 'react-router';

import { cx, focusRing } from '../../components/ui/class-names.ts';

const LEGAL_PAGES = [
  { to: '/user-agreement', label: 'User Agreement' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
] as const;

/** The three legal pages, as a small labelled navigation. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Legal" className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
        {LEGAL_PAGES.map(({ to, label }) => (
          <li key={to}>
            <Link
              to={to}
              className={cx(
                'rounded text-slate-700 underline-offset-4 hover:text-blue-800 hover:underline',
                focusRing,
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
