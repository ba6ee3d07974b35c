import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  STALE_BUILD_MESSAGE,
  isStaleBuildError,
  shouldReloadForStaleBuild,
} from '../../stale-build.ts';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  if (isStaleBuildError(error)) {
    return STALE_BUILD_MESSAGE;
  }
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** The router's error element: an uncaught render or loading error anywhere below the root. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (shouldReloadForStaleBuild(error, sessionStore())) window.location.reload();
    else console.error('Unexpected application error:', error);
  }, [error]);

  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-16">
      <DocumentTitle title="Unexpected error" />
      <div className="w-full max-w-xl text-center">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Unexpected Application Error!
        </h1>
        <p className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-mono text-sm break-words text-red-900">
          {describe(error)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button asChild size="lg" variant="outline">
            {/* A full page load: the router itself may be what failed. */}
            <a href="/">Return to Home</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
