import type { Ride } from '@saathchalo/shared';
import type { Audience } from '../marketplace/audience.js';
import { presentBooking, type RatedByViewer } from '../marketplace/booking-presenter.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import type { RideRecord } from '../marketplace/ride-record.js';
import { presentStops } from '../marketplace/stops-presenter.js';

/**
 * The Ride shape of CONTRACT section 3. The passenger list (with phones) goes to the ride's
 * driver only; everyone else gets an empty list. Phones and reliability come from the audience.
 */
export function presentRide(
  r: RideRecord,
  audience: Audience,
  passengers: BookingRecord[] = [],
  options: { flagOwn?: boolean; rated?: RatedByViewer } = {},
): Ride {
  const isDriver = audience.viewerId === r.driverId;
  const ride: Ride = {
    id: r.id,
    from: r.from,
    to: r.to,
    route: { from: r.from, to: r.to },
    departureDate: r.departureDate,
    departureTime: r.departureTime,
    totalSeats: r.totalSeats,
    availableSeats: r.availableSeats,
    bookedSeats: r.totalSeats - r.availableSeats,
    pricePerSeat: r.pricePerSeat,
    carModel: r.carModel,
    carNumber: r.carNumber,
    additionalInfo: r.additionalInfo,
    instantBooking: r.instantBooking,
    status: r.status,
    womenOnly: r.womenOnly,
    driver: {
      id: r.driver.id,
      name: r.driver.name,
      phone: audience.phoneOf(r.driver),
      rating: r.driver.rating,
      emailVerified: r.driver.emailVerified,
      phoneVerified: r.driver.phoneVerified,
      stats: audience.statsOf(r.driver.id),
    },
    passengers: isDriver ? passengers.map((b) => presentBooking(b, audience, options.rated)) : [],
    stops: presentStops(r.points),
    distanceKm: r.distanceKm,
  };
  // Section 8's fields appear on a commute's rides only, so other rides keep the shape of section 3.
  if (r.commuteId) {
    ride.commuteId = r.commuteId;
    ride.direction = r.direction;
    ride.days = r.days;
  }
  if (options.flagOwn) ride.isOwnRide = isDriver;
  return ride;
}
