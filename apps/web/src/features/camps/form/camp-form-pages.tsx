import { canPostOffers } from '@arena/shared/auth.schema';
import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import { Tent } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { FormPageFrame } from '../../../components/form-page-frame.tsx';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../../components/list-states.tsx';
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
    <FormPageFrame
      title={title}
      back={back}
      backLabel={back === '/sport-camps' ? 'All camps' : 'Back to the camp'}
    >
      {children}
    </FormPageFrame>
  );
}
