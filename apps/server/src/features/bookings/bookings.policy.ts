import { ERR } from '@saathchalo/shared';
import { forbidden } from '../../lib/errors.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import type { RideRecord } from '../marketplace/ride-record.js';

/** Who may do what with bookings (CONTRACT section 4). */
export const bookingPolicy = {
  /** Never one's own ride. */
  assertCanBook(ride: RideRecord, userId: string): void {
    if (ride.driverId === userId) throw forbidden(ERR.ownRideBooking);
  },
  /** The passenger cancels; the ride's driver rejects with the same call; nobody else. */
  assertCanCancel(booking: BookingRecord, userId: string): 'passenger' | 'driver' {
    if (booking.passenger.id === userId) return 'passenger';
    if (booking.driver.id === userId) return 'driver';
    throw forbidden(ERR.notAuthorizedBookingCancel);
  },
  /** What one booking holds (its calendar event, any read of it by id): its passenger and driver only. */
  assertCanView(booking: BookingRecord, userId: string): void {
    if (booking.passenger.id !== userId && booking.driver.id !== userId) {
      throw forbidden(ERR.notAuthorizedBookingView);
    }
  },
  assertCanConfirm(booking: BookingRecord, userId: string): void {
    if (booking.driver.id !== userId) throw forbidden(ERR.notAuthorizedBookingConfirm);
  },
};
