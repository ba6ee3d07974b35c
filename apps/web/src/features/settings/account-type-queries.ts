import type { UserType } from '@arena/shared/constants';
import { accountTypeResultSchema } from '@arena/shared/account-type.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { authKeys } from '../../lib/session/session-queries.ts';
import { cvKeys } from '../cv/cv-queries.ts';
import { organizationKeys } from '../profile/organization-queries.ts';
import { profileKeys } from '../profile/profile-queries.ts';
import { verificationKeys } from '../verification/verification-queries.ts';

/**
 * Changes the signed-in member's account type (`PATCH /api/me/account-type`). The session, the
 * verification state and the profile's sections all depend on it, so they are fetched again.
 */
export function useChangeAccountTypeMutation() {
  const session = useSessionManager();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userType: UserType) =>
      request('/api/me/account-type', {
        session,
        schema: accountTypeResultSchema,
        method: 'PATCH',
        body: { userType },
      }),
    onSuccess: () =>
      Promise.all(
        [
          authKeys.session(),
          verificationKeys.all,
          profileKeys.all,
          cvKeys.all,
          organizationKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
