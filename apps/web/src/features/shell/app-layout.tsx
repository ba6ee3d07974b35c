import { Outlet } from 'react-router';

import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { useAuth } from '../../lib/session/session-context.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ApplicationsLive } from '../applications/applications-live.tsx';
import { LegalLinks } from '../legal/legal-links.tsx';
import { AppHeader, VisitorHeader } from './app-header.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { VideoProgressLive } from '../videos/video-progress-live.tsx';

/** The frame of every in-app page: top bar, content, and on small screens a bottom tab bar. */
export function AppLayout() {
  const auth = useAuth();
  const user = useCurrentUser();
  if (auth.status === 'loading') return <PageLoader />;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {user ? <AppHeader user={user} /> : <VisitorHeader />}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
      <footer className={user ? 'pb-20 lg:pb-0' : undefined}>
        <div className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6">
          <LegalLinks />
          <p className="mt-2 text-center text-slate-700">© {new Date().getFullYear()} Arena</p>
        </div>
      </footer>
      {user ? <MobileTabBar /> : null}
      {user ? <ApplicationsLive /> : null}
      {user ? <VideoProgressLive /> : null}
    </div>
  );
}
