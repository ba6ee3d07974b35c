import type { CareerEntry } from '@arena/shared/cv.schema';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';

import { useCvMutation } from '../../api/cv.ts';
import type { CvChange } from '../../api/cv.ts';
import { Button } from '../../components/ui/button.tsx';
import { CareerForm } from './career-form.tsx';
import { CvError } from './cv-field.tsx';
import { CvEmpty, CvSection } from './cv-section.tsx';
import { DeleteEntryButton } from './delete-entry-button.tsx';

/** Seasons played: season, team and role; the owner adds, changes and removes them in place. */
export function CareerSection({ career, isOwn }: { career: CareerEntry[]; isOwn: boolean }) {
  /** 'new' while adding, an entry's id while changing it. */
  const [editing, setEditing] = useState<string | null>(null);
  const save = useCvMutation();
  const run = (change: CvChange) => save.mutate(change, { onSuccess: () => setEditing(null) });
  const open = (target: string | null) => {
    save.reset();
    setEditing(target);
  };
  const formError = editing ? save.error?.message : undefined;

  return (
    <CvSection id="career" title="Career">
      {career.length === 0 && editing !== 'new' ? (
        <CvEmpty>{isOwn ? 'Add the teams you have played for.' : 'No career history yet.'}</CvEmpty>
      ) : null}
      <ul className="flex flex-col gap-3">
        {career.map((entry) =>
          editing === entry.id ? (
            <li key={entry.id}>
              <CareerForm
                idPrefix={`career-${entry.id}`}
                entry={entry}
                busy={save.isPending}
                error={formError}
                onSave={(values) => run({ kind: 'update-career', id: entry.id, entry: values })}
                onCancel={() => open(null)}
              />
            </li>
          ) : (
            <li
              key={entry.id}
              className="flex items-center gap-3 border-b border-slate-100 pb-3 last:border-0"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{entry.teamName}</p>
                <p className="text-sm text-slate-700">
                  {entry.season} · {entry.role}
                </p>
              </div>
              {isOwn ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={save.isPending}
                    onClick={() => open(entry.id)}
                  >
                    <Pencil className="size-4" aria-hidden />
                    <span className="sr-only">
                      Edit season {entry.season} at {entry.teamName}
                    </span>
                  </Button>
                  <DeleteEntryButton
                    what={`season ${entry.season} at ${entry.teamName}`}
                    busy={save.isPending}
                    onConfirm={() => run({ kind: 'delete-career', id: entry.id })}
                  />
                </>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {editing === null ? <CvError message={save.error?.message} /> : null}
      {isOwn && editing === 'new' ? (
        <CareerForm
          idPrefix="career-new"
          busy={save.isPending}
          error={formError}
          onSave={(values) => run({ kind: 'add-career', entry: values })}
          onCancel={() => open(null)}
        />
      ) : null}
      {isOwn && editing === null ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => open('new')}>
          <Plus className="size-4" aria-hidden />
          Add season
        </Button>
      ) : null}
    </CvSection>
  );
}
