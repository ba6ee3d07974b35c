import { Award, BadgeCheck, GraduationCap, Mail, MapPin, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';

const inlineLink = cx(
  'rounded font-semibold text-blue-800 underline-offset-2 hover:underline',
  focusRing,
);

export function LandingHero() {
  return (
    <section className="relative overflow-hidden bg-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-2">
        <div className="max-w-xl">
          <h1 className="text-4xl leading-tight font-bold tracking-tight text-slate-900 sm:text-5xl">
            Welcome to your{' '}
            <span className="bg-gradient-to-r from-blue-700 to-indigo-700 bg-clip-text text-transparent">
              professional sports community
            </span>
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            Build your network, share your journey and find the tryouts, camps, scholarships and
            offers that take your career further.
          </p>
          <div className="mt-8 grid max-w-sm gap-4">
            <Button asChild size="lg" className="w-full">
              <Link to="/auth">
                <Mail className="size-5" aria-hidden />
                Continue with Email
              </Link>
            </Button>
            <p className="text-sm leading-6 text-slate-700">
              By clicking Continue with Email, you agree to Arena&apos;s{' '}
              <Link to="/user-agreement" className={inlineLink}>
                User Agreement
              </Link>
              ,{' '}
              <Link to="/privacy-policy" className={inlineLink}>
                Privacy Policy
              </Link>
              , and{' '}
              <Link to="/cookie-policy" className={inlineLink}>
                Cookie Policy
              </Link>
              .
            </p>
            <p className="text-base text-slate-800">
              New to Arena?{' '}
              <Link to="/auth?tab=signup" className={inlineLink}>
                Join now
              </Link>
            </p>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A drawn glimpse of the product: a profile card and the opportunities around it. */
function HeroIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-lg">
      <div className="absolute inset-0 -z-0 rounded-[2.5rem] bg-gradient-to-br from-blue-600 via-indigo-600 to-sky-500 rotate-3" />
      <div className="relative rounded-[2.5rem] bg-gradient-to-br from-blue-700 to-indigo-800 p-6 shadow-2xl sm:p-8">
        <div className="rounded-2xl bg-white p-5 shadow-lg">
          <div className="flex items-center gap-4">
            <div className="grid size-14 place-items-center rounded-full bg-gradient-to-br from-orange-400 to-rose-500 text-lg font-bold text-white">
              AM
            </div>
            <div>
              <p className="flex items-center gap-1 font-semibold text-slate-900">
                Alex Morgan <BadgeCheck className="size-4 text-blue-700" />
              </p>
              <p className="text-sm text-slate-600">Point Guard · Available</p>
            </div>
          </div>
          <div className="mt-4">
            <div className="flex justify-between text-xs font-medium text-slate-600">
              <span>Sport CV</span>
              <span>86%</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100">
              <div className="h-2 w-[86%] rounded-full bg-gradient-to-r from-blue-600 to-indigo-600" />
            </div>
          </div>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <HeroChip
            icon={<GraduationCap className="size-4" />}
            title="Scholarship"
            text="Offer received"
          />
          <HeroChip icon={<MapPin className="size-4" />} title="Tryout" text="Saturday, 10:00" />
          <HeroChip icon={<Award className="size-4" />} title="MVP 2025" text="Award added" />
          <HeroChip icon={<TrendingUp className="size-4" />} title="+48%" text="Profile views" />
        </div>
      </div>
    </div>
  );
}

function HeroChip({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="rounded-xl bg-white/10 p-3 text-white ring-1 ring-white/20 backdrop-blur">
      <div className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </div>
      <p className="mt-0.5 text-xs text-blue-100">{text}</p>
    </div>
  );
}
