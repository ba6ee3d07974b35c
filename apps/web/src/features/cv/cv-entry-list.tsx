import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { useCvMutation } from './cv-queries.ts';
import type { CvChange } from './cv-queries.ts';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { CvError } from './cv-field.tsx';
import { CvEmpty, CvSection } from './cv-section.tsx';
import { DeleteEntryButton } from './delete-entry-button.tsx';

/** What a list section's form is handed: the entry it changes (none when adding) and its state. */
export interface CvEntryFormProps<Entry> {
  idPrefix: string;
  entry: Entry | undefined;
  busy: boolean;
  error: string | undefined;
  /** Sends the change the form's values make; the form closes when the server took it. */
  save: (change: CvChange) => void;
  onCancel: () => void;
}

/**
 * A CV section that is a list of entries (career seasons, awards): each shown by `renderEntry`,
 * and for the owner changed in place, removed after a confirmation, or added at the foot.
 */
export function CvEntryList<Entry extends { id: string }>({
  id,
  title,
  entries,
  isOwn,
  empty,
  addLabel,
  describe,
  deleteChange,
  renderEntry,
  renderForm,
  alignTop = false,
}: {
  id: string;
  title: string;
  entries: Entry[];
  isOwn: boolean;
  /** What the empty section says to its owner, and to everyone else. */
  empty: { own: string; other: string };
  addLabel: string;
  /** How an entry is named to screen readers and in the delete confirmation. */
  describe: (entry: Entry) => string;
  deleteChange: (entry: Entry) => CvChange;
  renderEntry: (entry: Entry) => ReactNode;
  renderForm: (props: CvEntryFormProps<Entry>) => ReactNode;
  /** Entries of several lines align their icon and buttons with the first line. */
  alignTop?: boolean;
}) {
  /** 'new' while adding, an entry's id while changing it. */
  const [editing, setEditing] = useState<string | null>(null);
  const mutation = useCvMutation();
  const save = (change: CvChange) => mutation.mutate(change, { onSuccess: () => setEditing(null) });
  const open = (target: string | null) => {
    mutation.reset();
    setEditing(target);
  };
  const formProps = (entry: Entry | undefined): CvEntryFormProps<Entry> => ({
    idPrefix: `${id}-${entry?.id ?? 'new'}`,
    entry,
    busy: mutation.isPending,
    error: editing ? mutation.error?.message : undefined,
    save,
    onCancel: () => open(null),
  });

  return (
    <CvSection id={id} title={title}>
      {entries.length === 0 && editing !== 'new' ? (
        <CvEmpty>{isOwn ? empty.own : empty.other}</CvEmpty>
      ) : null}
      <ul className="flex flex-col gap-3">
        {entries.map((entry) =>
          editing === entry.id ? (
            <li key={entry.id}>{renderForm(formProps(entry))}</li>
          ) : (
            <li
              key={entry.id}
              className={cx(
                'flex gap-3 border-b border-slate-100 pb-3 last:border-0',
                alignTop ? 'items-start' : 'items-center',
              )}
            >
              {renderEntry(entry)}
              {isOwn ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={mutation.isPending}
                    onClick={() => open(entry.id)}
                  >
                    <Pencil className="size-4" aria-hidden />
                    <span className="sr-only">Edit {describe(entry)}</span>
                  </Button>
                  <DeleteEntryButton
                    what={describe(entry)}
                    busy={mutation.isPending}
                    onConfirm={() => save(deleteChange(entry))}
                  />
                </>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {editing === null ? <CvError message={mutation.error?.message} /> : null}
      {isOwn && editing === 'new' ? renderForm(formProps(undefined)) : null}
      {isOwn && editing === null ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => open('new')}>
          <Plus className="size-4" aria-hidden />
          {addLabel}
        </Button>
      ) : null}
    </CvSection>
  );
}
