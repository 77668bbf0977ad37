import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type Booking, type BookingStatus, type Ride, type RideStatus } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace, queryKeys } from '@/lib/query-keys';

export interface RideStatusInput {
  id: string;
  status: RideStatus;
}

/** PUT /rides/{id}/status?status=: the status travels as a query parameter (specification section 4). */
export const updateRideStatus = ({ id, status }: RideStatusInput) =>
  api.send(contract.changeRideStatus, { params: { id }, query: { status } });

/** What a ride's completion or cancellation does to its bookings (as the server does it too). */
export function bookingStatusAfter(rideStatus: RideStatus, booking: BookingStatus): BookingStatus {
  if (rideStatus === 'COMPLETED')
    return booking === 'CONFIRMED' ? 'COMPLETED' : booking === 'PENDING' ? 'CANCELLED' : booking;
  if (rideStatus === 'CANCELLED')
    return booking === 'PENDING' || booking === 'CONFIRMED' ? 'CANCELLED' : booking;
  return booking;
}

export function useUpdateRideStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateRideStatus,
    onSuccess: (_res, { id, status }) => {
      // Marking a ride completed or cancelled also sets the matching bookings, locally, at once.
      const update = (b: Booking): Booking => ({
        ...b,
        status: bookingStatusAfter(status, b.status),
        ride: { ...b.ride, status },
      });
      qc.setQueryData<Ride[]>(queryKeys.rides.mine, (rides) =>
        rides?.map((r) =>
          r.id === id
            ? {
                ...r,
                status,
                passengers: r.passengers
                  .map(update)
                  .filter((b) => b.status === 'CONFIRMED' || b.status === 'COMPLETED'),
              }
            : r,
        ),
      );
      qc.setQueryData<Booking[]>(queryKeys.bookings.onMyRides, (list) =>
        list?.map((b) => (b.rideId === id ? update(b) : b)),
      );
      return invalidateMarketplace(qc);
    },
  });
}
