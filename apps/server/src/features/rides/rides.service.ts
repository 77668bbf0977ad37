import { z } from 'zod';
import {
  decideStatusChange,
  ERR,
  MSG,
  istToUtcMs,
  type locationsQuery,
  type offerRideBody,
  type Ride,
  type RideStatus,
  type StopInput,
} from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor, Trx } from '../../db/database.js';
import { todayIst } from '../../lib/clock.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { rescheduleJob } from '../jobs/index.js';
import { enqueueMail } from '../mail/index.js';
import { recordRideOutcome } from '../marketplace/audience.js';
import { expiredToPassengerMail, reminderJob } from '../bookings/index.js';
import { rideCancelledMail } from '../marketplace/booking-mails.js';
import { hiddenByBlock } from '../marketplace/blocks.js';
import { listRideBookings } from '../marketplace/booking-record.js';
import { findRide, type RideRecord } from '../marketplace/ride-record.js';
import { cascadeRideBookings, lockRide, recomputeAvailableSeats } from '../marketplace/seats.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';
import { deleteRideCells } from '../marketplace/ride-cells.js';
import { redrawRideCells, writeRidePoints } from '../marketplace/ride-points.js';
import { adjustRideCount, listPlaceNames, queryTerm } from '../places/index.js';
import { findUserById } from '../users/index.js';
import { assertDistinctPlaces, planRideRoute, type PlannedRoute } from './ride-route.js';
import { presentRidesTo } from './ride-views.js';
import { mailChangedTrips, openTripsBeforeEdit } from './ride-change-mails.js';
import { keptStops, rewriteRoute } from './route-edit.js';
import { ridePolicy } from './rides.policy.js';
import {
  changeRideStatus,
  hasOpenBookingOfNonWoman,
  insertRide,
  listDriverRides,
  softDeleteRide,
  updateRideIfSeatsFit,
  type RideChanges,
} from './rides.repo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork' | 'placeMatches' | 'blocks'>;
type RideInput = z.output<typeof offerRideBody>;

/** Date not before today (IST) and, today, a time still ahead: the offer and edit rule. */
function assertDepartureAhead(deps: Deps, date: string, time: string): number {
  if (date < todayIst(deps.clock)) throw fieldError('departureDate', MSG.dateInPast);
  const at = istToUtcMs(date, time);
  if (at <= deps.clock.now()) throw fieldError('departureTime', MSG.timeInPast);
  return at;
}

/** The ride's places and points; stops the edit does not send are the ones it had (keptStops). */
async function routeOf(
  deps: Deps,
  trx: Executor,
  input: RideInput,
  stops: readonly StopInput[],
  nowMs: number,
) {
  // The schema compares the typed text; places also ignore punctuation and know a city's other names.
  assertDistinctPlaces({ from: input.from, to: input.to, stops });
  return planRideRoute(trx, deps.placeMatches, { ...input, stops }, nowMs);
}

async function requireRide(db: Executor, id: string): Promise<RideRecord> {
  const ride = await findRide(db, id);
  if (!ride) throw notFound(ERR.rideNotFound);
  return ride;
}

/** A ride as its viewer may see it: with passengers only for its driver. */
async function present(deps: Deps, db: Executor, ride: RideRecord, viewerId: string): Promise<Ride> {
  const [view] = await presentRidesTo(db, viewerId, [ride], deps.clock.now());
  return view!;
}

/** Section 9: only a driver whose gender is FEMALE may set a ride women-only. */
async function assertMaySetWomenOnly(deps: Deps, driverId: string, input: RideInput): Promise<void> {
  if (input.womenOnly !== true) return;
  const driver = await findUserById(deps.db, driverId);
  if (driver?.gender !== 'FEMALE') throw forbidden(ERR.womenOnlyDriver);
}

/** The columns an offer or an edit writes, from the validated input and its resolved places. */
function rideColumns(
  input: RideInput,
  route: PlannedRoute,
  departureAt: number,
  flags: { instantBooking: boolean; womenOnly: boolean },
): RideChanges {
  const { from, to } = route;
  return {
    fromPlaceId: from.id,
    toPlaceId: to.id,
    from: from.name,
    to: to.name,
    departureDate: input.departureDate,
    departureTime: input.departureTime,
    departureAt,
    totalSeats: input.passengers,
    pricePerSeat: input.pricePerSeat,
    carModel: input.carModel,
    carNumber: input.carNumber,
    additionalInfo: input.additionalInfo,
    ...flags,
    distanceKm: route.distanceKm,
  };
}

export async function offerRide(deps: Deps, driverId: string, input: RideInput): Promise<Ride> {
  const now = deps.clock.now();
  const departureAt = assertDepartureAhead(deps, input.departureDate, input.departureTime);
  await assertMaySetWomenOnly(deps, driverId, input);
  const id = newId();
  const ride = await deps.unitOfWork(async (trx, after) => {
    const route = await routeOf(deps, trx, input, input.stops ?? [], now);
    const { from, to } = route;
    await insertRide(
      trx,
      {
        id,
        driverId,
        ...rideColumns(input, route, departureAt, {
          instantBooking: input.instantBooking ?? false,
          womenOnly: input.womenOnly ?? false,
        }),
      },
      now,
    );
    await writeRidePoints(trx, id, route.points, input.passengers);
    await adjustRideCount(trx, from.id, 1);
    await adjustRideCount(trx, to.id, 1);
    const ride = await requireRide(trx, id);
    after.ridesChanged([ride]);
    return ride;
  });
  return present(deps, deps.db, ride, driverId);
}

export async function getRide(deps: Deps, id: string, viewerId: string): Promise<Ride> {
  const ride = await requireRide(deps.db, id);
  if (await hiddenByBlock(deps, viewerId, ride.driverId)) throw notFound(ERR.rideNotFound);
  return present(deps, deps.db, ride, viewerId);
}

/** A driver reads their rides as a plan: upcoming ones soonest first, then the past, latest first. */
export async function myRides(deps: Deps, driverId: string): Promise<Ride[]> {
  const now = deps.clock.now();
  const latestFirst = await listDriverRides(deps.db, driverId);
  const upcoming = latestFirst.filter((r) => r.departureAt > now).reverse();
  const rides = [...upcoming, ...latestFirst.filter((r) => r.departureAt <= now)];
  return presentRidesTo(deps.db, driverId, rides, now);
}

export async function updateRide(deps: Deps, id: string, userId: string, input: RideInput): Promise<Ride> {
  const now = deps.clock.now();
  const before = await requireRide(deps.db, id);
  ridePolicy.assertCanUpdate(before, userId);
  if (before.status !== 'ACTIVE') throw conflict(ERR.rideNotEditable);
  const departureAt = assertDepartureAhead(deps, input.departureDate, input.departureTime);
  await assertMaySetWomenOnly(deps, userId, input);
  const updated = await deps.unitOfWork(async (trx, after) => {
    const stops = input.stops ?? keptStops(before.points, departureAt - before.departureAt);
    const route = await routeOf(deps, trx, input, stops, now);
    const { from, to } = route;
    const updated = await updateRideIfSeatsFit(
      trx,
      id,
      rideColumns(input, route, departureAt, {
        instantBooking: input.instantBooking ?? before.instantBooking,
        womenOnly: input.womenOnly ?? before.womenOnly,
      }),
      now,
    );
    if (!updated) {
      const fresh = await requireRide(trx, id);
      if (fresh.status !== 'ACTIVE') throw conflict(ERR.rideNotEditable);
      throw fieldError('passengers', ERR.seatsBelowBooked);
    }
    // Section 9: made women-only under a man's open booking, the ride would carry him under that flag.
    if (input.womenOnly === true && !before.womenOnly && (await hasOpenBookingOfNonWoman(trx, id))) {
      throw conflict(ERR.womenOnlyBooked);
    }
    // The row is locked by the update above: now the legs, and the bookings on them, whose passengers
    // hear of a pickup, drop or car that changed.
    const trips = await openTripsBeforeEdit(trx, id, before);
    await rewriteRoute(trx, id, route.points, input.passengers, now);
    await mailChangedTrips(trx, id, trips, deps.config.appUrl, now);
    if (from.id !== before.fromPlaceId) {
      await adjustRideCount(trx, before.fromPlaceId, -1);
      await adjustRideCount(trx, from.id, 1);
    }
    if (to.id !== before.toPlaceId) {
      await adjustRideCount(trx, before.toPlaceId, -1);
      await adjustRideCount(trx, to.id, 1);
    }
    // The reminder (if someone is on board) follows the departure; one already sent stays sent.
    if (departureAt !== before.departureAt) await rescheduleJob(trx, reminderJob(id, departureAt));
    const record = await requireRide(trx, id);
    // Listed where it was and where it is now.
    after.ridesChanged([before, record]);
    return record;
  });
  return present(deps, deps.db, updated, userId);
}

/**
 * Cancels the open bookings of a ride, tells their passengers, and recomputes its seats; a ride that had
 * any counts as a cancellation of its driver (section 9).
 */
async function cancelOpenBookings(deps: Deps, trx: Trx, ride: RideRecord, now: number): Promise<void> {
  const open = await listRideBookings(trx, ride.id, OPEN_STATUSES);
  await cascadeRideBookings(trx, ride.id, OPEN_STATUSES, 'CANCELLED', now, 'RIDE_CANCELLED');
  for (const b of open) await enqueueMail(trx, rideCancelledMail(b, deps.config.appUrl), now);
  await recomputeAvailableSeats(trx, ride.id, now);
  if (open.length > 0) await recordRideOutcome(trx, ride, 'CANCELLED', now);
}

/**
 * The status machine with its cascades, all in one transaction: completing completes CONFIRMED
 * bookings and cancels PENDING ones; cancelling cancels the open ones; seats follow.
 */
export async function changeStatus(deps: Deps, id: string, userId: string, next: RideStatus): Promise<Ride> {
  const now = deps.clock.now();
  const changed = await deps.unitOfWork(async (trx, after) => {
    // Lock first: a booking racing this change waits, then sees the new status.
    await lockRide(trx, id, now);
    const ride = await requireRide(trx, id);
    ridePolicy.assertCanChangeStatus(ride, userId);
    const decision = decideStatusChange(ride.status, next, ride.departureAt <= now);
    if (decision.kind === 'refused') throw conflict(decision.error);
    if (decision.kind === 'change') {
      if (!(await changeRideStatus(trx, id, ride.status, next, now))) throw conflict(ERR.completedChange);
      if (next === 'COMPLETED') {
        await cascadeRideBookings(trx, id, ['CONFIRMED'], 'COMPLETED', now);
        // A request still unanswered when the ride is over has lapsed unanswered; its passenger is told,
        // as the expiry job would have told them (the job then finds it answered and stays silent).
        const unanswered = await listRideBookings(trx, id, ['PENDING']);
        await cascadeRideBookings(trx, id, ['PENDING'], 'CANCELLED', now, 'EXPIRED');
        for (const b of unanswered)
          await enqueueMail(trx, expiredToPassengerMail(b, deps.config.appUrl), now);
        await recomputeAvailableSeats(trx, id, now);
        await recordRideOutcome(trx, ride, 'COMPLETED', now);
      } else if (next === 'CANCELLED') {
        await cancelOpenBookings(deps, trx, ride, now);
      }
      // A ride listed again goes back on the search grid; any other leaves it (decision 020).
      if (next === 'ACTIVE') await redrawRideCells(trx, id);
      else await deleteRideCells(trx, id);
    }
    const record = await requireRide(trx, id);
    after.ridesChanged([record]);
    // The driver's reliability, shown on every page listing one of their rides, may have moved.
    if (decision.kind === 'change') after.driverChanged(ride.driverId);
    return record;
  });
  return present(deps, deps.db, changed, userId);
}

/** Soft delete: the ride leaves every list, open bookings are cancelled, completed history stays. */
export async function deleteRide(deps: Deps, id: string, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.unitOfWork(async (trx, after) => {
    await lockRide(trx, id, now);
    const ride = await requireRide(trx, id);
    ridePolicy.assertCanDelete(ride, userId);
    if (!(await softDeleteRide(trx, id, now))) throw notFound(ERR.rideNotFound);
    await cancelOpenBookings(deps, trx, ride, now);
    await deleteRideCells(trx, id);
    await adjustRideCount(trx, ride.fromPlaceId, -1);
    await adjustRideCount(trx, ride.toPlaceId, -1);
    after.ridesChanged([ride]);
    after.driverChanged(ride.driverId);
  });
}

export function locations(deps: Deps, q: z.output<typeof locationsQuery>): Promise<string[]> {
  const term = q.q ? queryTerm(q.q) : null;
  return listPlaceNames(deps.db, term, q.limit);
}
