import { unsubscribeResultSchema } from '@arena/shared/notification.schema';
import type { UnsubscribeResult } from '@arena/shared/notification.schema';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';

import { Button } from '../../components/ui/button.tsx';
import { focusRing } from '../../components/ui/class-names.ts';
import { ErrorNotice } from '../../components/ui/field.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { AuthCardLayout } from '../auth/auth-card-layout.tsx';

export const UNSUBSCRIBE_LINK_INCOMPLETE =
  'This unsubscribe link is incomplete. Open it again from the email.';
const UNSUBSCRIBE_FAILED = 'You could not be unsubscribed just now. Please try again.';

/** One-click unsubscribe: the signed token is all the server needs, so nobody signs in. */
function useUnsubscribeMutation() {
  return useMutation({
    mutationFn: (token: string): Promise<UnsubscribeResult> =>
      request('/api/unsubscribe', {
        method: 'POST',
        body: { token },
        schema: unsubscribeResultSchema,
      }),
  });
}

/**
 * /unsubscribe?token=…, the link at the foot of every notification email. It asks first (a mail
 * scanner that follows links must not unsubscribe anyone), then stops that kind of email.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribeMutation();

  let body;
  if (unsubscribe.isSuccess) {
    body = (
      <p role="status" className="text-slate-900">
        You will no longer get emails about {unsubscribe.data.label}. You can change this in{' '}
        <Link to="/settings" className={`rounded text-blue-700 underline ${focusRing}`}>
          Settings → Notifications
        </Link>
        .
      </p>
    );
  } else if (!token) {
    body = <ErrorNotice>{UNSUBSCRIBE_LINK_INCOMPLETE}</ErrorNotice>;
  } else {
    const error = unsubscribe.error;
    body = (
      <div className="grid gap-4">
        {error ? (
          <ErrorNotice>
            {error instanceof ApiRequestError ? error.message : UNSUBSCRIBE_FAILED}
          </ErrorNotice>
        ) : null}
        <Button
          size="lg"
          className="w-full"
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </div>
    );
  }
  return (
    <AuthCardLayout
      title="Unsubscribe from these emails?"
      description="Arena stops sending you this kind of email. Other emails, and what the bell shows in the app, stay as they are."
    >
      {body}
    </AuthCardLayout>
  );
}
