import { GraduationCap, Share2, Tent, TrendingUp, Trophy, Users } from 'lucide-react';

const FEATURES = [
  {
    title: 'Build Your Network',
    description:
      'Connect with players, agents, coaches and clubs, and follow the people shaping your sport.',
    icon: Users,
  },
  {
    title: 'Share Your Journey',
    description:
      'Post training sessions, match highlights and milestones with photos and video, and keep your followers in the loop.',
    icon: Share2,
  },
  {
    title: 'Grow Your Career',
    description:
      'Get discovered by recruiters and apply to athlete offers posted by verified clubs, agents and coaches.',
    icon: TrendingUp,
  },
  {
    title: 'Showcase Achievements',
    description:
      'Keep a sport CV with your positions, career history and awards in one professional profile.',
    icon: Trophy,
  },
  {
    title: 'Find Tryouts & Camps',
    description:
      'Discover tryouts and training camps where you can sharpen your skills and get noticed.',
    icon: Tent,
  },
  {
    title: 'Unlock Scholarships',
    description:
      'Explore scholarship opportunities that let you compete at the next level while you study.',
    icon: GraduationCap,
  },
];

export function FeatureGrid() {
  return (
    <section
      aria-labelledby="features"
      className="bg-white [contain-intrinsic-size:auto_1800px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20">
        <div className="max-w-2xl">
          <h2 id="features" className="text-3xl font-bold tracking-tight text-slate-900">
            Everything you need to grow in sport
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            One place for your profile, your network and your next opportunity.
          </p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-blue-600 to-indigo-600 text-white shadow-sm">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
