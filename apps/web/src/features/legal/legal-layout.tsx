import { format } from 'date-fns';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { LegalLinks } from './legal-links.tsx';

/** A legal page: Back to /, the title, 'Last updated' (always today), then the sections. */
export function LegalLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const today = format(new Date(), 'MMMM d, yyyy');
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <DocumentTitle title={title} />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link to="/">
              <ArrowLeft className="size-4" aria-hidden />
              Back
            </Link>
          </Button>
          <Link to="/" aria-label="Arena home" className={`rounded-lg ${focusRing}`}>
            <Logo />
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6">
        <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-700">Last updated: {today}</p>
          <div className="mt-6 text-base leading-7 text-slate-800">{intro}</div>
          <div className="mt-8 grid gap-8">{children}</div>
        </article>
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-sm">
        <LegalLinks />
        <p className="mt-3 text-center text-slate-700">
          © {new Date().getFullYear()} Arena. All rights reserved.
        </p>
      </footer>
    </div>
  );
}

/** One numbered section of a legal page. */
export function LegalSection({
  number,
  title,
  children,
}: {
  number?: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold text-slate-900">
        {number === undefined ? title : `${number}. ${title}`}
      </h2>
      <div className="grid gap-3 leading-7 text-slate-800 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
