import { pluralNoun } from '@arena/shared/plural';
import { USER_TYPE_LABELS } from '@arena/shared/constants';
import type { ProfileDetail } from '@arena/shared/profile.schema';
import { Eye, MessageSquare, UserPen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import type { FollowSide } from '../people/follow-queries.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { CvPdfButton, canDownloadCv } from '../cv/cv-pdf-button.tsx';
import { FollowButton } from '../people/follow-button.tsx';
import { VerifiedTick } from '../posts/verified-tick.tsx';
import { BlockedNotice } from '../safety/blocked-notice.tsx';
import { ProfileActionsMenu } from '../safety/profile-actions-menu.tsx';
import { GetVerifiedButton } from '../verification/get-verified-button.tsx';
import { FollowListDialog } from './follow-list-dialog.tsx';

/**
 * Who the profile is, its counts, and what the viewer can do: edit it, or follow and message,
 * and (signed in) mute or block. While the viewer blocks them, a notice offers Unblock instead.
 */
export function ProfileHeader({ profile }: { profile: ProfileDetail }) {
  const [list, setList] = useState<FollowSide | null>(null);
  const me = useCurrentUser();
  const signedIn = me !== null;
  const cvPdf =
    profile.userType === 'player' && canDownloadCv(me, profile.username) ? (
      <CvPdfButton username={profile.username} />
    ) : null;
  return (
    <Card className="overflow-hidden">
      <div aria-hidden className="h-24 bg-gradient-to-r from-blue-800 to-blue-500 sm:h-32" />
      <div className="px-5 pb-5 sm:px-6 sm:pb-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3 sm:-mt-14">
          <Avatar
            name={profile.fullName}
            src={profile.avatarUrl}
            size="lg"
            // Inside the white border: 96 − 8 and 112 − 8 CSS pixels.
            sizes="(min-width: 640px) 104px, 88px"
            className="size-24! border-4 border-white text-3xl! sm:size-28!"
          />
          <div className="flex flex-wrap gap-2">
            {profile.isOwn ? (
              <>
                <GetVerifiedButton />
                {cvPdf}
                <Button asChild variant="outline">
                  <Link to="/profile/edit">
                    <UserPen className="size-4" aria-hidden />
                    Edit Profile
                  </Link>
                </Button>
              </>
            ) : (
              <>
                {profile.blocking ? null : (
                  <>
                    <FollowButton
                      username={profile.username}
                      isFollowing={profile.isFollowing}
                      size="md"
                    />
                    <Button asChild variant="secondary">
                      <Link to={`/messages?user=${encodeURIComponent(profile.username)}`}>
                        <MessageSquare className="size-4" aria-hidden />
                        Message
                      </Link>
                    </Button>
                    {cvPdf}
                  </>
                )}
                {signedIn ? <ProfileActionsMenu profile={profile} /> : null}
              </>
            )}
          </div>
        </div>
        <h1 className="mt-3 flex flex-wrap items-center gap-x-2 text-2xl font-bold tracking-tight text-slate-900">
          <span className="break-words">{profile.fullName}</span>
          {profile.verified ? <VerifiedTick className="size-6" /> : null}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <span>@{profile.username}</span>
          <Badge variant="secondary">{USER_TYPE_LABELS[profile.userType]}</Badge>
        </p>
        {profile.blocking ? <BlockedNotice username={profile.username} /> : null}
        {profile.bio ? (
          <p className="mt-3 whitespace-pre-line break-words text-slate-800">{profile.bio}</p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <CountButton
            count={profile.followersCount}
            label={pluralNoun(profile.followersCount, 'follower')}
            onClick={() => setList('followers')}
          />
          <CountButton
            count={profile.followingCount}
            label="following"
            onClick={() => setList('following')}
          />
          {profile.isOwn && profile.profileViews !== null ? (
            <span className="flex items-center gap-1.5 text-slate-700">
              <Eye className="size-4" aria-hidden />
              <span data-testid="profile-views" className="font-semibold text-slate-900">
                {profile.profileViews}
              </span>
              {pluralNoun(profile.profileViews, 'profile view')}
            </span>
          ) : null}
        </div>
      </div>
      <FollowListDialog
        username={profile.username}
        side={list ?? 'followers'}
        open={list !== null}
        onOpenChange={(open) => {
          if (!open) setList(null);
        }}
      />
    </Card>
  );
}

function CountButton({
  count,
  label,
  onClick,
}: {
  count: number;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className={cx('rounded text-slate-700 hover:underline', focusRing)}
    >
      <span className="font-semibold text-slate-900">{count}</span> {label}
    </button>
  );
}
