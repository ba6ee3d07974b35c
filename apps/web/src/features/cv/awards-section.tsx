import type { Award } from '@arena/shared/cv.schema';
import { format, parseISO } from 'date-fns';
import { Pencil, Plus, Trophy } from 'lucide-react';
import { useState } from 'react';

import { useCvMutation } from '../../api/cv.ts';
import type { CvChange } from '../../api/cv.ts';
import { Button } from '../../components/ui/button.tsx';
import { AwardForm } from './award-form.tsx';
import { CvError } from './cv-field.tsx';
import { CvEmpty, CvSection } from './cv-section.tsx';
import { DeleteEntryButton } from './delete-entry-button.tsx';

/** Awards and achievements: title, description and date; edited in place by the owner. */
export function AwardsSection({ awards, isOwn }: { awards: Award[]; isOwn: boolean }) {
  /** 'new' while adding, an award's id while changing it. */
  const [editing, setEditing] = useState<string | null>(null);
  const save = useCvMutation();
  const run = (change: CvChange) => save.mutate(change, { onSuccess: () => setEditing(null) });
  const open = (target: string | null) => {
    save.reset();
    setEditing(target);
  };
  const formError = editing ? save.error?.message : undefined;

  return (
    <CvSection id="awards" title="Awards/Achievements">
      {awards.length === 0 && editing !== 'new' ? (
        <CvEmpty>{isOwn ? 'Add your titles, trophies and milestones.' : 'No awards yet.'}</CvEmpty>
      ) : null}
      <ul className="flex flex-col gap-3">
        {awards.map((award) =>
          editing === award.id ? (
            <li key={award.id}>
              <AwardForm
                idPrefix={`award-${award.id}`}
                award={award}
                busy={save.isPending}
                error={formError}
                onSave={(values) => run({ kind: 'update-award', id: award.id, award: values })}
                onCancel={() => open(null)}
              />
            </li>
          ) : (
            <li
              key={award.id}
              className="flex items-start gap-3 border-b border-slate-100 pb-3 last:border-0"
            >
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
              {isOwn ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={save.isPending}
                    onClick={() => open(award.id)}
                  >
                    <Pencil className="size-4" aria-hidden />
                    <span className="sr-only">Edit {award.title}</span>
                  </Button>
                  <DeleteEntryButton
                    what={award.title}
                    busy={save.isPending}
                    onConfirm={() => run({ kind: 'delete-award', id: award.id })}
                  />
                </>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {editing === null ? <CvError message={save.error?.message} /> : null}
      {isOwn && editing === 'new' ? (
        <AwardForm
          idPrefix="award-new"
          busy={save.isPending}
          error={formError}
          onSave={(values) => run({ kind: 'add-award', award: values })}
          onCancel={() => open(null)}
        />
      ) : null}
      {isOwn && editing === null ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => open('new')}>
          <Plus className="size-4" aria-hidden />
          Add award
        </Button>
      ) : null}
    </CvSection>
  );
}
