import { USER_TYPE_LABELS } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import type { PublicProfilePage as PublicProfileData } from '@arena/shared/public-profile.schema';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Logo } from '../../components/logo.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { VerifiedTick } from '../posts/verified-tick.tsx';
import { PublicProfileSections } from './public-profile-sections.tsx';
import { usePublicProfileQuery } from './public-profile-queries.ts';

const m = MESSAGES.publicProfile;

/**
 * The tags the server wrote into the page's head for link previews (data-public-profile): gone
 * when the visitor moves on to another page of the app, which has its own title.
 */
function useServerHeadUntilLeaving() {
  useEffect(
    () => () => {
      for (const tag of document.head.querySelectorAll('[data-public-profile]')) tag.remove();
    },
    [],
  );
}

/** Arena's logo, and for a visitor the way in: Join Arena and Sign in. */
function PublicHeader() {
  const signedIn = useCurrentUser() !== null;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" aria-label="Arena home" className={`rounded-lg ${focusRing}`}>
          <Logo wordClassName="sr-only min-[400px]:not-sr-only" />
        </Link>
        {signedIn ? (
          <Button asChild variant="outline" size="md">
            <Link to="/feed">Go to your feed</Link>
          </Button>
        ) : (
          <div className="flex items-center gap-2">
            <Button asChild size="md">
              <Link to="/auth?tab=signup">Join Arena</Link>
            </Button>
            <Button asChild variant="outline" size="md">
              <Link to="/auth">Sign in</Link>
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}

function ProfileHeading({ profile }: { profile: PublicProfileData }) {
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-left">
      <Avatar name={profile.fullName} src={profile.avatarUrl} size="lg" />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words text-slate-900">
          {profile.fullName}
          {profile.verified ? <VerifiedTick className="ml-1.5 size-5" /> : null}
        </h1>
        <p className="break-all text-slate-700">@{profile.username}</p>
        <p className="mt-1 text-sm font-medium text-blue-800">
          {USER_TYPE_LABELS[profile.userType]} on Arena
        </p>
      </div>
    </Card>
  );
}

/** For a visitor: what joining brings, under the profile. */
function JoinCallToAction({ fullName }: { fullName: string }) {
  const signedIn = useCurrentUser() !== null;
  if (signedIn) return null;
  return (
    <Card className="flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-800">
        Join Arena to follow {fullName}, message them and build your own sport profile.
      </p>
      <Button asChild size="md" className="shrink-0">
        <Link to="/auth?tab=signup">Join Arena</Link>
      </Button>
    </Card>
  );
}

function PageBody({ username }: { username: string }) {
  const profile = usePublicProfileQuery(username);
  if (profile.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading the profile..." showLabel />
      </div>
    );
  }
  if (profile.isError) {
    const missing = profile.error instanceof ApiRequestError && profile.error.status === 404;
    return (
      <Card className="grid gap-4 p-6 text-center">
        <DocumentTitle title={missing ? 'Profile not found' : 'Profile'} />
        <h1 className="text-xl font-semibold text-slate-900">
          {missing ? 'Profile not found' : 'Something went wrong'}
        </h1>
        <p role="alert" className="text-slate-800">
          {missing ? m.notFound : m.pageLoadFailed}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {missing ? null : (
            <Button variant="outline" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          )}
          <Button asChild variant={missing ? 'primary' : 'ghost'}>
            <Link to="/">Go to Arena</Link>
          </Button>
        </div>
      </Card>
    );
  }
  const data = profile.data;
  return (
    <div className="flex flex-col gap-4">
      <DocumentTitle title={`${data.fullName} (@${data.username})`} />
      <ProfileHeading profile={data} />
      <PublicProfileSections profile={data} />
      <JoinCallToAction fullName={data.fullName} />
    </div>
  );
}

/** /p/:username, readable without signing in (issue 24): only what the member chose to show. */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  useServerHeadUntilLeaving();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
        <PageBody key={username} username={username} />
      </main>
    </div>
  );
}
