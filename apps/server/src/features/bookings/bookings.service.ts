import type { z } from 'zod';
import { ERR, MSG, type Booking, type bookRideBody } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor, Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueueJob } from '../jobs/index.js';
import { enqueueMail } from '../mail/index.js';
import { expiryJob, reminderJob } from './booking-jobs.js';
import {
  bookingCancelledByPassengerMail,
  bookingConfirmedMail,
  bookingRejectedMail,
  bookingRequestMail,
} from '../marketplace/booking-mails.js';
import { recordRideOutcome } from '../marketplace/audience.js';
import { presentBookingsTo } from '../marketplace/booking-presenter.js';
import { findBooking, type BookingRecord } from '../marketplace/booking-record.js';
import { findRide, type RideRecord } from '../marketplace/ride-record.js';
import type { RidePoint } from '../marketplace/ride-points.js';
import { resolveSegment, type ResolvedSegment } from '../marketplace/segment.js';
import { cancelOpenBooking, lockRide, transitionBooking } from '../marketplace/seats.js';
import { takeSeats } from '../marketplace/take-seats.js';
import { bookingPolicy } from './bookings.policy.js';
import {
  findBookingPassenger,
  writeBooking,
  isOneOpenBookingViolation,
  listDriverBookings,
  listPassengerBookings,
  type NewBooking,
} from './bookings.repo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork'>;
type BookInput = z.output<typeof bookRideBody>;

/**
 * Books seats on a ride. The seats are held by one conditional UPDATE inside the transaction
 * (never read-then-write), and the partial unique index bookings_one_open backs the
 * one-open-booking rule, so the rules hold under any concurrency on SQLite and PostgreSQL.
 */
export async function bookRide(
  deps: Deps,
  rideId: string,
  passengerId: string,
  input: BookInput,
): Promise<Booking> {
  let record: BookingRecord;
  try {
    record = await deps.unitOfWork((trx, after) =>
      placeBooking(deps, trx, after, rideId, passengerId, input, deps.clock.now()),
    );
  } catch (error) {
    // Two requests of one passenger raced past the check; the index let only one through.
    if (isOneOpenBookingViolation(error)) throw conflict(ERR.alreadyBooked);
    throw error;
  }
  const [view] = await presentBookingsTo(deps.db, passengerId, [record]);
  return view!;
}

/**
 * A booking inside a transaction the caller runs (a single booking, or every ride of a standing booking):
 * every rule of a booking, the seats held on its legs by the marketplace's takeSeats, the driver's mail and the request's
 * expiry job. Refusals are thrown before any failed statement, so the caller may go on after one.
 */
export async function placeBooking(
  deps: Pick<Deps, 'config'>,
  trx: Trx,
  after: AfterCommit,
  rideId: string,
  passengerId: string,
  input: BookInput,
  now: number,
  // A standing booking's first bookings are told to the driver in one summary mail instead; its
  // bookings remember it, so stopping it cancels them and no other.
  options: { mailDriver?: boolean; subscriptionId?: string } = {},
): Promise<BookingRecord> {
  // The ride's row lock first (decision 005), taken by this read on PostgreSQL: one statement less.
  const ride = await findRide(trx, rideId, { lock: true });
  if (!ride) throw notFound(ERR.rideNotFound);
  bookingPolicy.assertCanBook(ride, passengerId);
  const segment = segmentOf(ride, input);
  if (ride.status !== 'ACTIVE') throw conflict(ERR.rideNotBookable);
  // Boarding on the line after a point is bookable until the boarding itself, as search offers it.
  const boardsAfterMs = segment.pickup.at - ride.points[segment.fromStop]!.at;
  if (segment.pickup.at <= now) {
    throw conflict(segment.fromStop === 0 && boardsAfterMs === 0 ? ERR.rideDeparted : ERR.segmentNotBookable);
  }
  const passenger = await findBookingPassenger(trx, ride, passengerId);
  if (!passenger) throw notFound(ERR.userNotFound);
  // Section 9: refused whatever the seats, so a blocked or barred passenger learns nothing more.
  if (passenger.blocked) throw forbidden(ERR.blockedBooking);
  if (ride.womenOnly && passenger.gender !== 'FEMALE') throw forbidden(ERR.womenOnlyRide);
  if (passenger.hasOpenBooking) throw conflict(ERR.alreadyBooked);
  // A full segment is refused from the legs just read, without the UPDATE and a second read: at the rush
  // most requests for a popular ride are refusals. Only takeSeats grants seats, so a stale read (seats
  // freed since, on PostgreSQL) costs a refusal the passenger would have had a moment earlier, never
  // an oversell.
  if (freeOn(ride, segment) < input.seats) throw conflict(ERR.notEnoughSeats);
  const span = { rideId, from: segment.fromStop, to: segment.toStop, boardsAfterMs };
  const taken = await takeSeats(trx, span, input.seats, now, { locked: true });
  if (!taken.ok) {
    if (taken.reason === 'not-bookable') throw conflict(ERR.rideNotBookable);
    if (taken.reason === 'departed') throw conflict(ERR.rideDeparted);
    throw conflict(ERR.notEnoughSeats);
  }
  const seatsLeft = taken.seatsLeft;
  const booking: NewBooking = {
    id: newId(),
    rideId,
    passengerId,
    seats: input.seats,
    totalAmount: input.seats * segment.pricePerSeat,
    status: ride.instantBooking ? 'CONFIRMED' : 'PENDING',
    pickupLocation: input.pickupLocation,
    dropLocation: input.dropLocation,
    fromStop: segment.fromStop,
    toStop: segment.toStop,
    pickupPlace: segment.pickup.place,
    pickupAt: segment.pickup.at,
    dropPlace: segment.drop.place,
    dropAt: segment.drop.at,
    subscriptionId: options.subscriptionId ?? null,
  };
  // Everything the answer and the driver's mail show is known here: no re-read with four joins.
  // The legs as the take left them (returned under the ride's lock), for the answer's stops.
  const points = ride.points.map((p) => ({ ...p, seatsToNext: taken.legs.get(p.idx) ?? p.seatsToNext }));
  const record = newBookingRecord(booking, ride, passenger.contact, seatsLeft, points, now);
  // A request the driver never answers lapses (section 8): its expiry is due from the moment it exists.
  // A ride is reminded once someone is confirmed on it; enqueuing again for the next one is harmless.
  const job =
    booking.status === 'PENDING'
      ? expiryJob(booking.id, now, segment.pickup.at)
      : reminderJob(rideId, ride.departureAt);
  const mail = options.mailDriver === false ? null : bookingRequestMail(record, deps.config.appUrl);
  await writeBooking(trx, booking, job, mail, now);
  after.ridesChanged([record.ride]);
  return record;
}

/**
 * The segment a booking asks for: point indexes (default the whole route) that must be points of this
 * ride in travel order, with the searched places on its first and last legs (within search's widest
 * radius) and its price.
 */
function segmentOf(ride: RideRecord, input: BookInput): ResolvedSegment {
  const last = ride.points.length - 1;
  const fromStop = input.fromStop ?? 0;
  const toStop = input.toStop ?? last;
  // Below 0 too: a standing booking's stops mirrored onto a return ride with fewer points (standing-bookings.ts).
  if (fromStop < 0 || fromStop >= last) throw fieldError('fromStop', MSG.stopIndexInvalid);
  if (toStop > last) throw fieldError('toStop', MSG.stopIndexInvalid);
  if (toStop <= fromStop) throw fieldError('toStop', MSG.segmentOrder);
  const { problem, ...segment } = resolveSegment(ride.points, ride.distanceKm, ride.pricePerSeat, {
    fromStop,
    toStop,
    pickupPlace: input.pickupPlace,
    dropPlace: input.dropPlace,
  });
  // A place past its leg would price one segment and hold the seats of another (decision 019).
  if (problem) throw fieldError(problem.field, problem.message);
  return segment;
}

/** The seats free on every leg of a segment, as read with the ride. */
function freeOn(ride: RideRecord, segment: ResolvedSegment): number {
  const legs = ride.points.slice(segment.fromStop, segment.toStop);
  return Math.min(...legs.map((p) => p.seatsToNext ?? 0));
}

/** The record findBooking would read back right after insertBooking, built from what the booking knows. */
function newBookingRecord(
  b: NewBooking,
  ride: RideRecord,
  passenger: BookingRecord['passenger'],
  seatsLeft: number,
  points: RidePoint[],
  nowMs: number,
): BookingRecord {
  return {
    id: b.id,
    rideId: b.rideId,
    status: b.status,
    seatsBooked: b.seats,
    totalAmount: b.totalAmount,
    paymentStatus: 'PENDING',
    pickupLocation: b.pickupLocation,
    dropLocation: b.dropLocation,
    fromStop: b.fromStop,
    toStop: b.toStop,
    pickupPlace: b.pickupPlace,
    pickupAt: b.pickupAt,
    dropPlace: b.dropPlace,
    dropAt: b.dropAt,
    createdAt: nowMs,
    cancelReason: null,
    driver: {
      id: ride.driver.id,
      name: ride.driver.name,
      phone: ride.driver.phone,
      email: ride.driver.email,
      contactVisibility: ride.driver.contactVisibility,
    },
    passenger,
    ride: {
      id: ride.id,
      fromPlaceId: ride.fromPlaceId,
      toPlaceId: ride.toPlaceId,
      from: ride.from,
      to: ride.to,
      departureDate: ride.departureDate,
      departureTime: ride.departureTime,
      departureAt: ride.departureAt,
      carModel: ride.carModel,
      carNumber: ride.carNumber,
      pricePerSeat: ride.pricePerSeat,
      totalSeats: ride.totalSeats,
      availableSeats: seatsLeft,
      additionalInfo: ride.additionalInfo,
      status: ride.status,
      deletedAt: null,
      womenOnly: ride.womenOnly,
      commuteId: ride.commuteId,
      direction: ride.direction,
      distanceKm: ride.distanceKm,
      points,
    },
  };
}

async function requireBooking(db: Executor, id: string): Promise<BookingRecord> {
  const booking = await findBooking(db, id);
  if (!booking) throw notFound(ERR.bookingNotFound);
  return booking;
}

/**
 * The passenger cancels a PENDING or CONFIRMED booking, or the ride's driver rejects it; either
 * way its seats are released in the same transaction and the other party gets a mail.
 */
export async function cancelBooking(deps: Deps, id: string, userId: string): Promise<Booking> {
  const now = deps.clock.now();
  const cancelled = await deps.unitOfWork(async (trx, after) => {
    const before = await requireBooking(trx, id);
    const byDriver = bookingPolicy.assertCanCancel(before, userId) === 'driver';
    // Ride row first, then the booking: the lock order every seat-changing use case follows.
    await lockRide(trx, before.rideId, now);
    const reason = byDriver ? 'DRIVER' : 'PASSENGER';
    if (!(await cancelOpenBooking(trx, before, now, reason))) throw conflict(ERR.bookingNotCancellable);
    // A confirmed seat taken back by the driver counts against their reliability (section 9).
    if (byDriver && before.status === 'CONFIRMED') {
      await recordRideOutcome(trx, { id: before.rideId, driverId: before.driver.id }, 'CANCELLED', now);
      after.driverChanged(before.driver.id);
    }
    const cancelled = await requireBooking(trx, id);
    const mail = byDriver
      ? bookingRejectedMail(cancelled, deps.config.appUrl)
      : bookingCancelledByPassengerMail(cancelled, deps.config.appUrl);
    await enqueueMail(trx, mail, now);
    // The released seats may list the ride again for larger parties.
    after.ridesChanged([cancelled.ride]);
    return cancelled;
  });
  const [view] = await presentBookingsTo(deps.db, userId, [cancelled]);
  return view!;
}

/** The ride's driver accepts a PENDING request on an ACTIVE ride. */
export async function confirmBooking(deps: Deps, id: string, userId: string): Promise<Booking> {
  const now = deps.clock.now();
  const confirmed = await deps.unitOfWork(async (trx) => {
    const before = await requireBooking(trx, id);
    bookingPolicy.assertCanConfirm(before, userId);
    await lockRide(trx, before.rideId, now);
    const ride = await findRide(trx, before.rideId);
    if (!ride || ride.status !== 'ACTIVE') throw conflict(ERR.rideNotActiveForConfirm);
    if ((await transitionBooking(trx, id, ['PENDING'], 'CONFIRMED', now)) === null) {
      throw conflict(ERR.bookingNotPending);
    }
    const after = await requireBooking(trx, id);
    await enqueueJob(trx, reminderJob(before.rideId, before.ride.departureAt), now);
    await enqueueMail(trx, bookingConfirmedMail(after, deps.config.appUrl), now);
    return after;
  });
  // Presented after the commit: the audience reads the confirmation it just made.
  const [view] = await presentBookingsTo(deps.db, userId, [confirmed]);
  return view!;
}

export async function myBookings(deps: Deps, passengerId: string): Promise<Booking[]> {
  return presentBookingsTo(deps.db, passengerId, await listPassengerBookings(deps.db, passengerId));
}

export async function myRideBookings(deps: Deps, driverId: string): Promise<Booking[]> {
  return presentBookingsTo(deps.db, driverId, await listDriverBookings(deps.db, driverId));
}
