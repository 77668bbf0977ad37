import type { Booking } from '@saathchalo/shared';
import { isoOf } from '../../lib/clock.js';
import type { Executor } from '../../db/database.js';
import { audienceFor, type Audience, type ContactOwner } from './audience.js';
import type { BookingRecord } from './booking-record.js';
import { placeAt, presentStops } from './stops-presenter.js';

/**
 * The Booking shape of CONTRACT section 3; only the booking's two parties ever receive one, and each
 * side's phone only as the audience allows (section 9).
 */
export function presentBooking(b: BookingRecord, audience: Audience, rated?: RatedByViewer): Booking {
  // A cancelled booking is no trip to arrange (decision 033): it hands neither side the other's number,
  // whatever their contactVisibility, so cancelling or declining ends what the booking shared.
  const phoneOf = (owner: ContactOwner) =>
    b.status === 'CANCELLED' && owner.id !== audience.viewerId ? null : audience.phoneOf(owner);
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
      womenOnly: b.ride.womenOnly,
      stops: presentStops(b.ride.points),
      distanceKm: b.ride.distanceKm,
    },
    status: b.status,
    seatsBooked: b.seatsBooked,
    totalAmount: b.totalAmount,
    paymentStatus: b.paymentStatus,
    pickupLocation: b.pickupLocation,
    dropLocation: b.dropLocation,
    driver: { id: b.driver.id, name: b.driver.name, phone: phoneOf(b.driver) },
    passenger: { id: b.passenger.id, name: b.passenger.name, phone: phoneOf(b.passenger) },
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
  // Section 8: every booking says why it was cancelled, null while it is not (or for an old one nobody knows).
  booking.cancelReason = b.status === 'CANCELLED' ? b.cancelReason : null;
  if (rated) {
    const otherSide = b.driver.id === audience.viewerId ? b.passenger.id : b.driver.id;
    booking.ratedByMe = rated.has(`${b.rideId}:${otherSide}`);
  }
  return booking;
}

/**
 * Bookings as their viewer (one of each booking's two sides) may see them: one audience for the lot, and
 * for each whether the viewer has rated the other side for that ride.
 */
export async function presentBookingsTo(
  db: Executor,
  viewerId: string,
  bookings: readonly BookingRecord[],
): Promise<Booking[]> {
  const audience = await audienceFor(db, viewerId, {
    owners: bookings.flatMap((b) => [b.driver, b.passenger]),
  });
  const rated = await ratedByViewer(db, viewerId, bookings);
  return bookings.map((b) => presentBooking(b, audience, rated));
}

/** `rideId:rateeId` of the ratings a viewer gave. */
export type RatedByViewer = ReadonlySet<string>;

/** The viewer's ratings on these bookings' rides; only COMPLETED bookings can have any. */
export async function ratedByViewer(
  db: Executor,
  viewerId: string,
  bookings: readonly BookingRecord[],
): Promise<RatedByViewer> {
  const rideIds = [...new Set(bookings.filter((b) => b.status === 'COMPLETED').map((b) => b.rideId))];
  if (rideIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('ratings')
    .select(['ride_id', 'ratee_id'])
    .where('rater_id', '=', viewerId)
    .where('ride_id', 'in', rideIds)
    .execute();
  return new Set(rows.map((r) => `${r.ride_id}:${r.ratee_id}`));
}
