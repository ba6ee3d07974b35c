import type { Award } from '@arena/shared/cv.schema';
import { format, parseISO } from 'date-fns';
import { Trophy } from 'lucide-react';

import { AwardForm } from './award-form.tsx';
import { CvEntryList } from './cv-entry-list.tsx';

/** Awards and achievements: title, description and date; edited in place by the owner. */
export function AwardsSection({ awards, isOwn }: { awards: Award[]; isOwn: boolean }) {
  return (
    <CvEntryList
      id="awards"
      title="Awards/Achievements"
      entries={awards}
      isOwn={isOwn}
      empty={{ own: 'Add your titles, trophies and milestones.', other: 'No awards yet.' }}
      addLabel="Add award"
      alignTop
      describe={(award) => award.title}
      deleteChange={(award) => ({ kind: 'delete-award', id: award.id })}
      renderEntry={(award) => (
        <>
          <Trophy className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-slate-900">{award.title}</p>
            {award.awardDate ? (
              <p className="text-sm text-slate-700">
                <time dateTime={award.awardDate}>
                  {format(parseISO(award.awardDate), 'MMMM d, yyyy')}
                </time>
              </p>
            ) : null}
            {award.description ? (
              <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-800">
                {award.description}
              </p>
            ) : null}
          </div>
        </>
      )}
      renderForm={({ entry, save, ...form }) => (
        <AwardForm
          {...form}
          award={entry}
          onSave={(values) =>
            save(
              entry
                ? { kind: 'update-award', id: entry.id, award: values }
                : { kind: 'add-award', award: values },
            )
          }
        />
      )}
    />
  );
}
