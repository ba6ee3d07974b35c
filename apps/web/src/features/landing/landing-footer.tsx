import { LogoMark } from '../../components/logo.tsx';

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white [contain-intrinsic-size:auto_170px] [content-visibility:auto]">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <LogoMark className="size-6" />
          Arena
        </p>
        <p>The professional community for sport.</p>
        <p>© {new Date().getFullYear()} Arena</p>
      </div>
    </footer>
  );
}
