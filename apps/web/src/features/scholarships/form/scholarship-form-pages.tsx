import { canPostOffers } from '@arena/shared/auth.schema';
import { SCHOLARSHIP_MESSAGES } from '@arena/shared/scholarship.schema';
import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

import { FormPageFrame } from '../../../components/form-page-frame.tsx';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../../components/list-states.tsx';
import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { useScholarshipQuery } from '../scholarship-queries.ts';
import { ScholarshipForm } from './scholarship-form.tsx';

/** /scholarships/new: verified clubs, agents and coaches, and admins, post a scholarship. */
export function PostScholarshipPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!canPostOffers(user)) {
    const player = user.profile.userType === 'player';
    return (
      <Frame title="Post a scholarship" back="/scholarships">
        <p role="alert" className="text-slate-800">
          {player ? SCHOLARSHIP_MESSAGES.accessDenied : SCHOLARSHIP_MESSAGES.verificationRequired}
        </p>
      </Frame>
    );
  }
  return (
    <Frame title="Post a scholarship" back="/scholarships">
      <ScholarshipForm />
    </Frame>
  );
}

/** /scholarships/{id}/edit: its poster (or an admin) changes a scholarship. */
export function EditScholarshipPage() {
  const { scholarshipId = '' } = useParams();
  const query = useScholarshipQuery(scholarshipId);
  const back = `/scholarships/${encodeURIComponent(scholarshipId)}`;
  if (query.isPending) return <ListLoading label="Loading scholarship..." />;
  if (query.isError) {
    return (
      <ListLoadFailed
        title="Couldn't load the scholarship"
        detail={query.error.message}
        retrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const scholarship = query.data;
  return (
    <Frame title={`Edit ${scholarship.title}`} back={back}>
      {scholarship.canManage ? (
        <ScholarshipForm scholarship={scholarship} />
      ) : (
        <ListEmpty icon={GraduationCap} title={SCHOLARSHIP_MESSAGES.notYours} />
      )}
    </Frame>
  );
}

function Frame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <FormPageFrame
      title={title}
      back={back}
      backLabel={back === '/scholarships' ? 'All scholarships' : 'Back to the scholarship'}
    >
      {children}
    </FormPageFrame>
  );
}
