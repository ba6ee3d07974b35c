import { GraduationCap, Trophy } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';

import { cx } from '../../components/ui/class-names.ts';
import { BasketballIcon, FootballIcon, TennisBallIcon } from './sport-icons.tsx';

interface Tile {
  title: string;
  caption: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Dark enough everywhere for white text. */
  gradient: string;
}

const TILES: Tile[] = [
  {
    title: 'Basketball',
    caption: 'From pickup runs to pro leagues',
    icon: BasketballIcon,
    gradient: 'from-orange-700 to-red-800',
  },
  {
    title: 'Football',
    caption: 'Academies, clubs and scouts',
    icon: FootballIcon,
    gradient: 'from-emerald-700 to-green-900',
  },
  {
    title: 'Tennis',
    caption: 'Juniors, college and tour',
    icon: TennisBallIcon,
    gradient: 'from-lime-700 to-teal-800',
  },
  {
    title: 'Achievements',
    caption: 'Every title and record, on show',
    icon: Trophy,
    gradient: 'from-amber-700 to-orange-900',
  },
  {
    title: 'Scholarships',
    caption: 'Play and study at the next level',
    icon: GraduationCap,
    gradient: 'from-blue-700 to-indigo-900',
  },
];

export function SportGallery() {
  return (
    <section
      aria-labelledby="every-sport"
      className="bg-slate-50 [contain-intrinsic-size:auto_920px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20">
        <h2 id="every-sport" className="text-3xl font-bold tracking-tight text-slate-900">
          Built for every sport
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          Whatever you play, Arena gives your talent a professional stage.
        </p>
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
          {TILES.map(({ title, caption, icon: Icon, gradient }, index) => (
            <li
              key={title}
              className={cx(
                'relative flex aspect-[4/5] flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br p-5 text-white shadow-md',
                gradient,
                // Five tiles on two columns: the last spans both rather than sitting alone.
                index === TILES.length - 1 &&
                  'col-span-2 aspect-auto min-h-40 md:col-span-1 md:aspect-[4/5]',
              )}
            >
              <Icon
                className="absolute -top-4 -right-4 size-32 text-white/20"
                strokeWidth={1.5}
                aria-hidden
              />
              <Icon className="mb-auto size-10" aria-hidden />
              <h3 className="text-xl font-bold">{title}</h3>
              <p className="mt-1 text-sm text-white">{caption}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
