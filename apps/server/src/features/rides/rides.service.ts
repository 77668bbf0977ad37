import { z } from 'zod';
import {
  ERR,
  MSG,
  istToUtcMs,
  type filterQuery,
  type locationsQuery,
  type offerRideBody,
  type Ride,
  type RideStatus,
  type searchQuery,
} from '@saathchalo/shared';
import type { AppDeps } from '../../app.js';
import type { Executor, Trx } from '../../db/database.js';
import { todayIst } from '../../lib/clock.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueueMail } from '../mail/outbox.repo.js';
import { rideCancelledMail } from '../bookings/booking-mails.js';
import {
  cascadeRideBookings,
  listRideBookings,
  OPEN_STATUSES,
  passengersOfRides,
} from '../bookings/bookings.repo.js';
import { normalizePlace, queryTerm } from '../places/place-names.js';
import {
  adjustRideCount,
  findOrCreatePlace,
  listPlaceNames,
  placeIdsMatching,
} from '../places/places.repo.js';
import { presentRide } from './ride-presenter.js';
import { decideStatusChange } from './ride-status.js';
import { ridePolicy } from './rides.policy.js';
import {
  changeRideStatus,
  findRide,
  insertRide,
  listDriverRides,
  lockRide,
  recomputeAvailableSeats,
  searchRides,
  softDeleteRide,
  updateRideIfSeatsFit,
  type RideRecord,
  type RideChanges,
} from './rides.repo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
type RideInput = z.output<typeof offerRideBody>;

/** Date not before today (IST) and, today, a time still ahead: the offer and edit rule. */
function assertDepartureAhead(deps: Deps, date: string, time: string): number {
  if (date < todayIst(deps.clock)) throw fieldError('departureDate', MSG.dateInPast);
  const at = istToUtcMs(date, time);
  if (at <= deps.clock.now()) throw fieldError('departureTime', MSG.timeInPast);
  return at;
}

async function placesOf(trx: Executor, input: RideInput, nowMs: number) {
  // The schema compares trimmed lower case; the stored form also ignores punctuation and spacing.
  if (normalizePlace(input.from) === normalizePlace(input.to)) throw fieldError('to', MSG.samePlace);
  const from = await findOrCreatePlace(trx, input.from, nowMs);
  const to = await findOrCreatePlace(trx, input.to, nowMs);
  return { from, to };
}

async function requireRide(db: Executor, id: string): Promise<RideRecord> {
  const ride = await findRide(db, id);
  if (!ride) throw notFound(ERR.rideNotFound);
  return ride;
}

/** A ride as its viewer may see it: with passengers only for its driver. */
async function rideView(db: Executor, id: string, viewerId: string): Promise<Ride> {
  const ride = await requireRide(db, id);
  const passengers = ride.driverId === viewerId ? ((await passengersOfRides(db, [id])).get(id) ?? []) : [];
  return presentRide(ride, viewerId, passengers);
}

/** The columns an offer or an edit writes, from the validated input and its resolved places. */
function rideColumns(
  input: RideInput,
  from: { id: string; name: string },
  to: { id: string; name: string },
  departureAt: number,
  instantBooking: boolean,
): RideChanges {
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
    instantBooking,
  };
}

export async function offerRide(deps: Deps, driverId: string, input: RideInput): Promise<Ride> {
  const now = deps.clock.now();
  const departureAt = assertDepartureAhead(deps, input.departureDate, input.departureTime);
  const id = newId();
  return deps.db.transaction().execute(async (trx) => {
    const { from, to } = await placesOf(trx, input, now);
    await insertRide(
      trx,
      { id, driverId, ...rideColumns(input, from, to, departureAt, input.instantBooking ?? false) },

      now,
    );
    await adjustRideCount(trx, from.id, 1);
    await adjustRideCount(trx, to.id, 1);
    return rideView(trx, id, driverId);
  });
}

export async function getRide(deps: Deps, id: string, viewerId: string): Promise<Ride> {
  return rideView(deps.db, id, viewerId);
}

/** A driver reads their rides as a plan: upcoming ones soonest first, then the past, latest first. */
export async function myRides(deps: Deps, driverId: string): Promise<Ride[]> {
  const now = deps.clock.now();
  const latestFirst = await listDriverRides(deps.db, driverId);
  const upcoming = latestFirst.filter((r) => r.departureAt > now).reverse();
  const rides = [...upcoming, ...latestFirst.filter((r) => r.departureAt <= now)];
  const passengers = await passengersOfRides(
    deps.db,
    rides.map((r) => r.id),
  );
  return rides.map((r) => presentRide(r, driverId, passengers.get(r.id) ?? []));
}

export async function updateRide(deps: Deps, id: string, userId: string, input: RideInput): Promise<Ride> {
  const now = deps.clock.now();
  const current = await requireRide(deps.db, id);
  ridePolicy.assertCanUpdate(current, userId);
  if (current.status !== 'ACTIVE') throw conflict(ERR.rideNotEditable);
  const departureAt = assertDepartureAhead(deps, input.departureDate, input.departureTime);
  return deps.db.transaction().execute(async (trx) => {
    const { from, to } = await placesOf(trx, input, now);
    const updated = await updateRideIfSeatsFit(
      trx,
      id,
      rideColumns(input, from, to, departureAt, input.instantBooking ?? current.instantBooking),

      now,
    );
    if (!updated) {
      const fresh = await requireRide(trx, id);
      if (fresh.status !== 'ACTIVE') throw conflict(ERR.rideNotEditable);
      throw fieldError('passengers', ERR.seatsBelowBooked);
    }
    if (from.id !== current.fromPlaceId) {
      await adjustRideCount(trx, current.fromPlaceId, -1);
      await adjustRideCount(trx, from.id, 1);
    }
    if (to.id !== current.toPlaceId) {
      await adjustRideCount(trx, current.toPlaceId, -1);
      await adjustRideCount(trx, to.id, 1);
    }
    return rideView(trx, id, userId);
  });
}

/** Cancels the open bookings of a ride, tells their passengers, and recomputes its seats. */
async function cancelOpenBookings(deps: Deps, trx: Trx, rideId: string, now: number): Promise<void> {
  const open = await listRideBookings(trx, rideId, OPEN_STATUSES);
  await cascadeRideBookings(trx, rideId, OPEN_STATUSES, 'CANCELLED', now);
  for (const b of open) await enqueueMail(trx, rideCancelledMail(b, deps.config.appUrl), now);
  await recomputeAvailableSeats(trx, rideId, now);
}

/**
 * The status machine with its cascades, all in one transaction: completing completes CONFIRMED
 * bookings and cancels PENDING ones; cancelling cancels the open ones; seats follow.
 */
export async function changeStatus(deps: Deps, id: string, userId: string, next: RideStatus): Promise<Ride> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
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
        await cascadeRideBookings(trx, id, ['PENDING'], 'CANCELLED', now);
        await recomputeAvailableSeats(trx, id, now);
      } else if (next === 'CANCELLED') {
        await cancelOpenBookings(deps, trx, id, now);
      }
    }
    return rideView(trx, id, userId);
  });
}

/** Soft delete: the ride leaves every list, open bookings are cancelled, completed history stays. */
export async function deleteRide(deps: Deps, id: string, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockRide(trx, id, now);
    const ride = await requireRide(trx, id);
    ridePolicy.assertCanDelete(ride, userId);
    if (!(await softDeleteRide(trx, id, now))) throw notFound(ERR.rideNotFound);
    await cancelOpenBookings(deps, trx, id, now);
    await adjustRideCount(trx, ride.fromPlaceId, -1);
    await adjustRideCount(trx, ride.toPlaceId, -1);
  });
}

type SearchInput = z.output<typeof searchQuery>;
type FilterInput = z.output<typeof filterQuery>;

async function runSearch(
  deps: Deps,
  viewerId: string,
  q: SearchInput,
  extra: Partial<FilterInput> = {},
): Promise<Ride[]> {
  const fromTerm = queryTerm(q.from);
  const toTerm = queryTerm(q.to);
  if (!fromTerm || !toTerm) return [];
  const [fromPlaceIds, toPlaceIds] = await Promise.all([
    placeIdsMatching(deps.db, fromTerm),
    placeIdsMatching(deps.db, toTerm),
  ]);
  const rides = await searchRides(deps.db, {
    fromPlaceIds,
    toPlaceIds,
    date: q.date,
    seats: Math.max(q.passengers, extra.minSeats ?? 1),
    nowMs: deps.clock.now(),
    minPrice: extra.minPrice,
    maxPrice: extra.maxPrice,
    departAfter: extra.departAfter,
    departBefore: extra.departBefore,
    sort: extra.sort ?? 'departure',
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return rides.map((r) => presentRide(r, viewerId, [], { flagOwn: true }));
}

export function search(deps: Deps, viewerId: string, q: SearchInput): Promise<Ride[]> {
  return runSearch(deps, viewerId, q);
}

export function filter(deps: Deps, viewerId: string, q: FilterInput): Promise<Ride[]> {
  return runSearch(deps, viewerId, q, q);
}

export function locations(deps: Deps, q: z.output<typeof locationsQuery>): Promise<string[]> {
  const term = q.q ? queryTerm(q.q) : null;
  return listPlaceNames(deps.db, term, q.limit);
}
