import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useMyBookings } from '@/features/bookings';
import { useMyRides } from '@/features/rides';
import { useBookRide } from '@/features/bookings';
import { useOfferRide } from '@/features/rides';
import { mockFetch, okEnvelope, signIn } from '@/test/render';
import { createQueryClient } from '@/lib/query-client';

const offerBody = {
  from: 'Pune',
  to: 'Mumbai',
  departureDate: '2099-01-01',
  departureTime: '09:00',
  passengers: 2,
  pricePerSeat: 300,
  carModel: 'Swift',
  carNumber: 'MH 12 AB 1234',
  additionalInfo: null,
  instantBooking: false,
};

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** Lists read within the app's 30 seconds of freshness: only an invalidation makes them ask again. */
function setUp() {
  signIn();
  const calls = mockFetch({
    'GET /api/bookings/my-bookings': () => okEnvelope([]),
    'GET /api/rides/my-rides': () => okEnvelope([]),
    'POST /api/rides/r1/book': () => okEnvelope({ id: 'b1' }, 'Ride booked successfully'),
    'POST /api/rides/offer': () => okEnvelope({ id: 'r2' }, 'Ride offered successfully'),
  });
  const count = (path: string) => calls.filter((c) => new URL(c.url).pathname === path).length;
  return { client: createQueryClient(), count };
}

describe('query keys per resource', () => {
  it('a booking made on the search screen makes "my bookings" ask again when it shows next', async () => {
    const { client, count } = setUp();
    const wrapper = withClient(client);
    const first = renderHook(() => useMyBookings(), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();

    const book = renderHook(() => useBookRide(), { wrapper });
    await act(() =>
      book.result.current.mutateAsync({
        rideId: 'r1',
        seatsRequested: 1,
        pickupLocation: null,
        dropLocation: null,
      }),
    );

    renderHook(() => useMyBookings(), { wrapper });
    await waitFor(() => expect(count('/api/bookings/my-bookings')).toBe(2));
  });

  it('an offered ride makes "my rides" ask again when it shows next', async () => {
    const { client, count } = setUp();
    const wrapper = withClient(client);
    const first = renderHook(() => useMyRides(), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();

    const offer = renderHook(() => useOfferRide(), { wrapper });
    await act(() => offer.result.current.mutateAsync(offerBody));

    renderHook(() => useMyRides(), { wrapper });
    await waitFor(() => expect(count('/api/rides/my-rides')).toBe(2));
  });
});
