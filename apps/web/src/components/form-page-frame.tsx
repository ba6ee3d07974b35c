import type { ReactNode } from 'react';

import { BackLink } from './back-link.tsx';
import { DocumentTitle } from './document-title.tsx';
import { Card } from './ui/card.tsx';

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
      <BackLink to={back} label={backLabel} />
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {title}
      </h1>
      <Card className="p-5 sm:p-6">{children}</Card>
    </div>
  );
}
