import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Logo } from '../../components/logo.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { LegalLinks } from '../legal/legal-links.tsx';

/** The pages emailed links open, and Forgot password: one titled card, like /auth. */
export function AuthCardLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <DocumentTitle title={title} />
      <header className="px-4 py-4 sm:px-8">
        <Link to="/" className={`inline-flex rounded-lg ${focusRing}`} aria-label="Arena home">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center sm:px-8">
        <div className="w-full max-w-md">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-slate-700">{description}</p> : null}
          <Card className="mt-6">
            <CardContent>{children}</CardContent>
          </Card>
        </div>
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-slate-700 sm:px-8">
        <LegalLinks />
      </footer>
    </div>
  );
}

/** A text link in the auth screens' style. */
export const authLinkClass = `rounded font-semibold text-blue-700 underline-offset-4 hover:underline ${focusRing}`;
