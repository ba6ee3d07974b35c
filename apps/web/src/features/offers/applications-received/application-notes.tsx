import { NOTE_MAX, noteInputSchema } from '@arena/shared/application.schema';
import type { ApplicationNote } from '@arena/shared/application.schema';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useAddNoteMutation, useDeleteNoteMutation } from '../application-queries.ts';
import { OfferDate } from '../offer-date.tsx';

/** The poster's private notes on one application: only the poster (and admins) see them. */
export function ApplicationNotes({
  applicationId,
  notes,
}: {
  applicationId: string;
  notes: ApplicationNote[];
}) {
  const headingId = useId();
  const fieldId = useId();
  const add = useAddNoteMutation(applicationId);
  const remove = useDeleteNoteMutation(applicationId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({ body });
    setError(parsed.error?.issues[0]?.message);
    if (!parsed.success) return;
    add.mutate(parsed.data.body, {
      onSuccess: () => setBody(''),
      onError: (failure) => toast.error('Error', { description: failure.message }),
    });
  }

  function deleteNote(noteId: string) {
    remove.mutate(noteId, {
      onSuccess: () => toast.success('Note deleted'),
      onError: (failure) => toast.error('Error', { description: failure.message }),
    });
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        Private notes
      </h4>
      {notes.length === 0 ? (
        <p className="text-sm text-slate-700">No notes yet. Only you can see them.</p>
      ) : (
        <ul className="grid gap-2">
          {notes.map((note) => (
            <li
              key={note.id}
              className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2.5"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm break-words whitespace-pre-line text-slate-900">
                  {note.body}
                </p>
                <p className="mt-1 text-xs text-slate-700">
                  {note.author.fullName ?? `@${note.author.username}`} ·{' '}
                  <OfferDate iso={note.createdAt} />
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="size-9 shrink-0 text-red-700 hover:bg-red-50"
                aria-label="Delete note"
                disabled={remove.isPending && remove.variables === note.id}
                onClick={() => deleteNote(note.id)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="grid gap-2">
        <Field id={fieldId} label="Add a private note" error={error}>
          <Textarea
            {...fieldControlProps(fieldId, error)}
            rows={2}
            maxLength={NOTE_MAX}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" size="sm" variant="outline" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add note'}
          </Button>
        </div>
      </form>
    </section>
  );
}
