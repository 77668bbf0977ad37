import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { getSession, subscribeSession } from './session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal will not change by asking again; a flaky network might.
        retry: (count, error) => !(error instanceof ApiError) && count < 2,
        networkMode: 'always',
      },
      // With the browser offline, TanStack's default ('online', also for the queries above) holds a call
      // back until a connection returns: "Publishing..." and spinners without end and no word why. Every
      // call goes out instead, so a failure shows the screen's network message and its way to try again
      // (CONTRACT section 6).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** One cache for the signed-in area, kept across its screens. */
export const queryClient = createQueryClient();

// The cache belongs to one account: signing out, or another account signing in on this browser,
// empties it, so nobody sees the previous user's profile, rides or bookings.
let owner = getSession()?.id ?? null;
subscribeSession(() => {
  const id = getSession()?.id ?? null;
  if (id === owner) return;
  owner = id;
  queryClient.clear();
});
