import { metaSchema } from '@arena/shared/meta.schema';
import { useQuery } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

const metaKeys = {
  all: ['meta'] as const,
};

/** Public facts about this installation, such as the contact address; they rarely change. */
export function useMetaQuery() {
  const session = useSessionManager();
  return useQuery({
    queryKey: metaKeys.all,
    queryFn: () => request('/api/meta', { session, schema: metaSchema }),
    staleTime: Infinity,
  });
}
