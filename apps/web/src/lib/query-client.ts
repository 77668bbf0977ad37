import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal will not change by asking again; a flaky network might.
        retry: (count, error) => !(error instanceof ApiError) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** One cache for the signed-in area, kept across its screens. */
export const queryClient = createQueryClient();
