import type { CareerEntry } from '@arena/shared/cv.schema';

import { CareerForm } from './career-form.tsx';
import { CvEntryList } from './cv-entry-list.tsx';

/** Seasons played: season, team and role; the owner adds, changes and removes them in place. */
export function CareerSection({ career, isOwn }: { career: CareerEntry[]; isOwn: boolean }) {
  return (
    <CvEntryList
      id="career"
      title="Career"
      entries={career}
      isOwn={isOwn}
      empty={{ own: 'Add the teams you have played for.', other: 'No career history yet.' }}
      addLabel="Add season"
      describe={(entry) => `season ${entry.season} at ${entry.teamName}`}
      deleteChange={(entry) => ({ kind: 'delete-career', id: entry.id })}
      renderEntry={(entry) => (
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-slate-900">{entry.teamName}</p>
          <p className="text-sm text-slate-700">
            {entry.season} · {entry.role}
          </p>
        </div>
      )}
      renderForm={({ entry, save, ...form }) => (
        <CareerForm
          {...form}
          entry={entry}
          onSave={(values) =>
            save(
              entry
                ? { kind: 'update-career', id: entry.id, entry: values }
                : { kind: 'add-career', entry: values },
            )
          }
        />
      )}
    />
  );
}
