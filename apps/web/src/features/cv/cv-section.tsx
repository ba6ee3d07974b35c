import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

const headingId = (id: string) => `cv-${id}-heading`;

/**
 * One section of the athlete CV: a heading, and for the owner an Edit button (hidden while the
 * section's form is open).
 */
export function CvSection({
  id,
  title,
  onEdit,
  editLabel = 'Edit',
  children,
}: {
  id: string;
  title: string;
  /** The owner's way into the section's form; absent for other viewers and while editing. */
  onEdit?: (() => void) | undefined;
  editLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={headingId(id)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId(id)} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {onEdit ? (
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden />
            {editLabel}
            <span className="sr-only"> {title}</span>
          </Button>
        ) : null}
      </div>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** Save and Cancel at the foot of a CV form. */
export function CvFormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}

/** What a read-only section shows when there is nothing in it yet. */
export function CvEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}
