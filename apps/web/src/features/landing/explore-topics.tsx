import { Link } from 'react-router';

import { cx, focusRing } from '../../components/ui/class-names.ts';

/** Each topic leads through sign-in to its page: the feed of a sport, camps or scholarships. */
const TOPICS = [
  ['Basketball', '%2Ffeed%3Fsport%3Dbasketball'],
  ['Football', '%2Ffeed%3Fsport%3Dfootball'],
  ['Tennis', '%2Ffeed%3Fsport%3Dtennis'],
  ['Scholarships', '%2Fscholarships'],
  ['Training Camps', '%2Fsport-camps'],
  ['College Recruiting', '%2Fscholarships'],
  ['Athletic Development', '%2Fsport-camps'],
];

export function ExploreTopics() {
  return (
    <section
      aria-labelledby="explore-topics"
      className="border-y border-slate-200 bg-slate-50 [contain-intrinsic-size:auto_380px] [content-visibility:auto]"
    >
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-[16rem_1fr] md:items-start">
        <div>
          <h2 id="explore-topics" className="text-2xl font-bold tracking-tight text-slate-900">
            Explore topics
          </h2>
          <p className="mt-2 text-slate-700">See what the community is talking about.</p>
        </div>
        <ul className="flex flex-wrap gap-3">
          {TOPICS.map(([topic, page]) => (
            <li key={topic}>
              <Link
                to={`/auth?redirectTo=${page}`}
                className={cx(
                  'inline-flex h-10 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 transition-colors hover:border-blue-700 hover:bg-blue-50 hover:text-blue-800',
                  focusRing,
                )}
              >
                {topic}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
