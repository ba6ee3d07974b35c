import { canPostOffers } from '@arena/shared/auth.schema';
import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import { ArrowLeft, Tent } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { DocumentTitle } from '../../../components/document-title.tsx';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../../components/list-states.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { useCampQuery } from '../camp-queries.ts';
import { CampForm } from './camp-form.tsx';

/** /sport-camps/new: verified clubs, agents and coaches, and admins, post a camp. */
export function PostCampPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!canPostOffers(user)) {
    const player = user.profile.userType === 'player';
    return (
      <Frame title="Post a camp" back="/sport-camps">
        <p role="alert" className="text-slate-800">
          {player ? CAMP_MESSAGES.accessDenied : CAMP_MESSAGES.verificationRequired}
        </p>
      </Frame>
    );
  }
  return (
    <Frame title="Post a camp" back="/sport-camps">
      <CampForm />
    </Frame>
  );
}

/** /sport-camps/{id}/edit: the organiser (or an admin) changes a camp. */
export function EditCampPage() {
  const { campId = '' } = useParams();
  const query = useCampQuery(campId);
  const back = `/sport-camps/${encodeURIComponent(campId)}`;
  if (query.isPending) return <ListLoading label="Loading camp..." />;
  if (query.isError) {
    return (
      <ListLoadFailed
        title="Couldn't load the camp"
        detail={query.error.message}
        retrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const camp = query.data;
  return (
    <Frame title={`Edit ${camp.title}`} back={back}>
      {camp.canManage ? (
        <CampForm camp={camp} />
      ) : (
        <ListEmpty icon={Tent} title={CAMP_MESSAGES.notYours} />
      )}
    </Frame>
  );
}

function Frame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <DocumentTitle title={title} />
      <Link
        to={back}
        className={cx(
          'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-blue-800 hover:underline',
          focusRing,
        )}
      >
        <ArrowLeft className="size-4" aria-hidden />
        {back === '/sport-camps' ? 'All camps' : 'Back to the camp'}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {title}
      </h1>
      <Card className="p-5 sm:p-6">{children}</Card>
    </div>
  );
}
