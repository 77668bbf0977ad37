import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys by resource, not by screen: a change made on one screen reaches every list that shows the
 * resource, so a list never has to ask again on each mount to be sure it is current.
 */
export const queryKeys = {
  rides: {
    all: ['rides'] as const,
    mine: ['rides', 'mine'] as const,
    searches: ['rides', 'search'] as const,
    search: (params: object) => ['rides', 'search', params] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    mine: ['bookings', 'mine'] as const,
    onMyRides: ['bookings', 'on-my-rides'] as const,
  },
  /** GET /api/places?q=: the gazetteer's suggestions, shared by every place field. */
  placeSearch: (q: string) => ['places', 'search', q] as const,
  config: ['config'] as const,
  commutes: {
    all: ['commutes'] as const,
    mine: ['commutes', 'mine'] as const,
    one: (id: string) => ['commutes', 'one', id] as const,
  },
  profile: ['users', 'profile'] as const,
  /** GET /users/{id}: another person as others see them, rating included. */
  publicUser: (id: string) => ['users', 'public', id] as const,
  myRating: ['users', 'profile', 'rating'] as const,
  blocked: ['users', 'blocked'] as const,
};

/**
 * A ride carries its bookings and a booking its ride, and an action on either can bring a rating to give:
 * whatever changes one marks both stale, and the user's rating with them.
 */
export function invalidateMarketplace(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.rides.all }),
    qc.invalidateQueries({ queryKey: queryKeys.bookings.all }),
    // A commute carries its upcoming rides and their booked seats.
    qc.invalidateQueries({ queryKey: queryKeys.commutes.all }),
    qc.invalidateQueries({ queryKey: queryKeys.myRating, exact: true }),
  ]).then(() => undefined);
}
