import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { DocumentTitle } from './document-title.tsx';
import { Card } from './ui/card.tsx';
import { cx, focusRing } from './ui/class-names.ts';

/** A page that holds one form (posting or editing a camp or a scholarship): a way back, its title, the form. */
export function FormPageFrame({
  title,
  back,
  backLabel,
  children,
}: {
  title: string;
  back: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <DocumentTitle title={title} />
      <Link
        to={back}
        className={cx(
          'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-blue-800 hover:underline',
          focusRing,
        )}
      >
        <ArrowLeft className="size-4" aria-hidden />
        {backLabel}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {title}
      </h1>
      <Card className="p-5 sm:p-6">{children}</Card>
    </div>
  );
}
