import { QueryClient } from '@tanstack/react-query';

import { ApiRequestError } from './lib/http/api-error.ts';

/** Retries only what might succeed on a second try (network, 5xx, 429); a 4xx is final. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          error instanceof ApiRequestError && !error.transient ? false : failureCount < 2,
      },
    },
  });
}
