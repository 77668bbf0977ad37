import { ERR, TRIP_LINK_HOURS_AFTER, type Trip, type TripShare } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { isoOf } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashSecret, newSecret } from '../../lib/ids.js';
import { ratingOf } from '../../lib/user-display.js';
import { findBooking } from '../marketplace/booking-record.js';
import { pointsOfRides, type RidePoint } from '../marketplace/ride-points.js';
import { findSharedTrip, insertShare } from './trips.repo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork'>;

const HOUR = 3_600_000;
/** A link stays alive for the booking's own states only. */
const ALIVE = new Set(['CONFIRMED', 'COMPLETED']);

/** When a link to this route dies: 12 hours after its last point (its arrival, given or estimated). */
const deathOf = (points: readonly RidePoint[], departureAt: number) =>
  (points[points.length - 1]?.at ?? departureAt) + TRIP_LINK_HOURS_AFTER * HOUR;

/**
 * A link to a confirmed booking's trip for its passenger or driver to send to family. The token is 32
 * random bytes (256 bits) in base64url; only its SHA-256 is stored. It dies 12 hours after the ride's
 * last point as the ride is then (an edit that moves the ride moves it too); `expiresAt` is as of now.
 * From that instant on there is nothing to share: 409, never a link that is already dead.
 */
export async function shareTrip(deps: Deps, bookingId: string, userId: string): Promise<TripShare> {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking) throw notFound(ERR.bookingNotFound);
  if (booking.passenger.id !== userId && booking.driver.id !== userId)
    throw forbidden(ERR.notAuthorizedShare);
  if (booking.status !== 'CONFIRMED') throw conflict(ERR.shareNotConfirmed);
  const now = deps.clock.now();
  const expiresAt = deathOf(booking.ride.points, booking.ride.departureAt);
  // A link that would be dead on arrival (the page refuses it from this instant) is a refusal instead.
  if (expiresAt <= now) throw conflict(ERR.tripEnded);
  const token = newSecret();
  await deps.unitOfWork(async (trx) =>
    insertShare(trx, { tokenHash: hashSecret(token), bookingId, createdBy: userId, expiresAt }, now),
  );
  return { url: `${deps.config.appUrl}/trip/${token}`, token, expiresAt: isoOf(expiresAt) };
}

/** The public trip page: only these fields, and only while the link lives. */
export async function sharedTrip(deps: Deps, token: string): Promise<Trip> {
  const row = await findSharedTrip(deps.db, hashSecret(token));
  if (!row || !ALIVE.has(row.status)) throw notFound(ERR.tripLinkDead);
  const points = (await pointsOfRides(deps.db, [row.ride_id])).get(row.ride_id) ?? [];
  if (deathOf(points, Number(row.departure_at)) <= deps.clock.now()) throw notFound(ERR.tripLinkDead);
  return {
    route: { from: row.from_name, to: row.to_name },
    stops: points.map((p) => ({ index: p.idx, place: p.place, date: p.date, time: p.time })),
    departureDate: row.departure_date,
    departureTime: row.departure_time,
    status: row.status,
    driver: { firstName: row.driver_first_name, rating: ratingOf(row.rating_sum, row.rating_count) },
    car: { model: row.car_model, number: row.car_number },
    passengerFirstName: row.passenger_first_name,
  };
}
