import type { AccountDeletionInput } from '@arena/shared/account.schema';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { saveFile } from '../../lib/files/save-file.ts';
import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

/** Settings → Download my data: the ZIP the server streams, saved as a file. */
export function useDataExportMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: async () => {
      const answer = await request('/api/me/data-export', { session, binary: true });
      const day = new Date().toISOString().slice(0, 10);
      // `binary`: a successful answer's body is the file (transport.ts).
      saveFile(answer.body as Blob, `arena-data-${day}.zip`);
    },
  });
}

/**
 * Settings → Delete my account. The server signs the account out everywhere; here the session is
 * forgotten (with the query cache) and the member lands on the home page.
 */
export function useDeleteAccountMutation() {
  const session = useSessionManager();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: AccountDeletionInput) =>
      request('/api/me/account-deletion', { session, method: 'POST', body: input }),
    onSuccess: async () => {
      await session.signOut();
      await navigate('/', { replace: true });
    },
  });
}
