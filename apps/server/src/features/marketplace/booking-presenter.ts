import type { Booking } from '@saathchalo/shared';
import { isoOf } from '../../lib/clock.js';
import type { BookingRecord } from './booking-record.js';
import { placeAt, presentStops } from './stops-presenter.js';

/** The Booking shape of CONTRACT section 3; only the booking's two parties ever receive one. */
export function presentBooking(b: BookingRecord): Booking {
  const booking: Booking = {
    id: b.id,
    rideId: b.rideId,
    ride: {
      id: b.ride.id,
      from: b.ride.from,
      to: b.ride.to,
      departureDate: b.ride.departureDate,
      departureTime: b.ride.departureTime,
      carModel: b.ride.carModel,
      carNumber: b.ride.carNumber,
      pricePerSeat: b.ride.pricePerSeat,
      totalSeats: b.ride.totalSeats,
      availableSeats: b.ride.availableSeats,
      additionalInfo: b.ride.additionalInfo,
      status: b.ride.status,
      stops: presentStops(b.ride.points),
      distanceKm: b.ride.distanceKm,
    },
    status: b.status,
    seatsBooked: b.seatsBooked,
    totalAmount: b.totalAmount,
    paymentStatus: b.paymentStatus,
    pickupLocation: b.pickupLocation,
    dropLocation: b.dropLocation,
    driver: { id: b.driver.id, name: b.driver.name, phone: b.driver.phone },
    passenger: { id: b.passenger.id, name: b.passenger.name, phone: b.passenger.phone },
    driverId: b.driver.id,
    passengerId: b.passenger.id,
    passengerName: b.passenger.name,
    createdAt: isoOf(b.createdAt),
    fromStop: b.fromStop,
    toStop: b.toStop,
    pickup: placeAt(b.pickupPlace, b.pickupAt, b.ride.points[b.fromStop]),
    drop: placeAt(b.dropPlace, b.dropAt, b.ride.points[b.toStop]),
  };
  // Section 8's fields appear where they mean something, so the shape of sections 1-6 stays as it was.
  if (b.ride.commuteId) {
    booking.ride.commuteId = b.ride.commuteId;
    booking.ride.direction = b.ride.direction;
  }
  if (b.status === 'CANCELLED') booking.cancelReason = b.cancelReason;
  return booking;
}
