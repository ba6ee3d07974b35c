import type { LucideIcon } from 'lucide-react';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Card } from '../../components/ui/card.tsx';

/**
 * A page whose content arrives in later work: its final heading and a line about what it will
 * hold, inside the app layout.
 */
export function PlaceholderPage({
  title,
  description,
  icon: Icon,
  subtitle,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  subtitle?: string;
}) {
  return (
    <>
      <DocumentTitle title={title} />
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-700">{subtitle}</p> : null}
        <Card className="mt-6 flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-blue-50 text-blue-800">
            <Icon className="size-7" aria-hidden />
          </span>
          <p className="max-w-md text-slate-700">{description}</p>
        </Card>
      </div>
    </>
  );
}
