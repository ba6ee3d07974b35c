import { MESSAGES } from '@arena/shared/messages';
import { useSearchParams } from 'react-router';

import { ListLoading } from '../../../components/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorNotice } from '../../../components/ui/field.tsx';
import { AuthCardLayout } from '../../auth/auth-card-layout.tsx';
import { actionPhrase, YOUR_TARGET } from '../moderation-labels.ts';
import { AppealForm } from './appeal-form.tsx';
import { appealState } from './decision-card.tsx';
import { useAppealLinkQuery, useLinkAppealMutation } from './member-queries.ts';

/**
 * /appeal?token=…, from the email a suspended or banned member gets (they cannot sign in): the
 * decision, its reason, and the appeal form, once.
 */
export function AppealPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const query = useAppealLinkQuery(token);
  const send = useLinkAppealMutation(token);

  let body;
  if (!token) {
    body = <ErrorNotice>{MESSAGES.moderation.appealLinkInvalid}</ErrorNotice>;
  } else if (query.status === 'pending') {
    body = <ListLoading label="Loading the decision..." />;
  } else if (query.status === 'error') {
    body = (
      <ErrorNotice>{query.error.message || MESSAGES.moderation.appealLinkInvalid}</ErrorNotice>
    );
  } else {
    const decision = query.data;
    body = (
      <div className="grid gap-4">
        <section aria-label="The decision" className="grid gap-1 rounded-lg bg-slate-50 p-3">
          <p className="font-semibold text-slate-900">
            {actionPhrase(decision)}{' '}
            <span className="font-normal text-slate-700">
              about {YOUR_TARGET[decision.target.type]}
            </span>
          </p>
          <p className="break-words whitespace-pre-wrap text-slate-800">{decision.reason}</p>
        </section>
        {decision.appeal ? (
          <p role="status" className="text-slate-900">
            {appealState(decision.appeal)}
          </p>
        ) : decision.canAppeal ? (
          <AppealForm
            busy={send.isPending}
            serverError={send.error?.message}
            onSend={(text) => send.mutate(text)}
            actions={
              <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send appeal'}
              </Button>
            }
          />
        ) : (
          <p className="text-slate-900">{MESSAGES.moderation.appealNotAllowed}</p>
        )}
      </div>
    );
  }
  return (
    <AuthCardLayout
      title="Appeal a decision"
      description="Tell the moderators why the decision should change. You can appeal it once."
    >
      {body}
    </AuthCardLayout>
  );
}
