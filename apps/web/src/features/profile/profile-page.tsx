import { MESSAGES } from '@arena/shared/messages';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';

import { DocumentTitle } from '../../components/document-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useAuth } from '../../lib/session/session-context.tsx';
import { CvSections } from '../cv/cv-sections.tsx';
import { ProfileHighlights } from '../posts/profile-highlights.tsx';
import { ProfilePosts } from '../posts/profile-posts.tsx';
import { OrganizationSections } from './organization-sections.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { useLiveProfile, useProfileQuery, useRecordViewMutation } from './profile-queries.ts';

/**
 * /profile/{username}: who they are, their athlete CV (players) or their organisation's profile
 * (clubs, agents, coaches), the videos they pinned to their Highlights, and their posts.
 */
export function ProfilePage() {
  const { username = '' } = useParams();
  // A fresh page per profile: the view is recorded once per profile opened.
  return <Profile key={username.toLowerCase()} username={username} />;
}

function Profile({ username }: { username: string }) {
  const navigate = useNavigate();
  const profile = useProfileQuery(username);
  useRecordView(username, profile.data?.isOwn);
  useLiveProfile(profile.data?.id, username);

  const notFound = profile.error instanceof ApiRequestError && profile.error.status === 404;
  useEffect(() => {
    if (notFound) {
      toast.error(MESSAGES.profileNotFound);
      void navigate('/feed', { replace: true });
    } else if (profile.error) {
      console.error('Failed to load profile', profile.error);
    }
  }, [notFound, profile.error, navigate]);

  if (profile.isPending || notFound) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading profile..." showLabel />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Card className="mx-auto flex max-w-3xl flex-col items-center gap-4 p-8 text-center">
        <h1 className="text-lg font-semibold text-slate-900">{MESSAGES.profile.loadFailed}</h1>
        <Button variant="outline" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }

  const { data } = profile;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <DocumentTitle title={data.fullName} />
      <ProfileHeader profile={data} />
      <ProfileHighlights username={data.username} isOwn={data.isOwn} count={data.highlightsCount} />
      {data.userType === 'player' ? (
        <CvSections username={data.username} isOwn={data.isOwn} />
      ) : (
        <OrganizationSections username={data.username} isOwn={data.isOwn} />
      )}
      <ProfilePosts username={data.username} />
    </div>
  );
}

/** Counts a signed-in visit to someone else's profile, once per page opened. */
function useRecordView(username: string, isOwn: boolean | undefined) {
  const auth = useAuth();
  const { mutate } = useRecordViewMutation();
  const recorded = useRef(false);
  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    if (recorded.current || !signedIn || isOwn !== false) return;
    recorded.current = true;
    mutate(username);
  }, [signedIn, isOwn, username, mutate]);
}
