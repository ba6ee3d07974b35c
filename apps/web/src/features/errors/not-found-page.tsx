import { House } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';

/** Any path the router does not know. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-16">
      <DocumentTitle title="Page not found" />
      <div className="text-center">
        <p
          aria-hidden
          className="bg-gradient-to-br from-blue-700 to-indigo-700 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent"
        >
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Oops! Page not found</h1>
        <p className="mt-2 text-slate-700">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">
            <House className="size-5" aria-hidden />
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
