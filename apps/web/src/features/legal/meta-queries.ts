import { metaSchema } from '@arena/shared/meta.schema';
import { useQuery } from '@tanstack/react-query';

import { apiJson } from '../../lib/http/client.ts';

export const metaKeys = {
  all: ['meta'] as const,
};

/** Public facts about this installation, such as the contact address; they rarely change. */
export function useMetaQuery() {
  return useQuery({
    queryKey: metaKeys.all,
    queryFn: () => apiJson('/api/meta', metaSchema),
    staleTime: Infinity,
  });
}
