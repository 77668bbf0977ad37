import {
  commuteDayOf,
  ERR,
  istDate,
  MSG,
  type SubscriptionBody,
  type SubscriptionResult,
} from '@saathchalo/shared';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { blockCounterparts } from '../marketplace/blocks.js';
import { listRideBookings, type BookingRecord } from '../marketplace/booking-record.js';
import {
  cancelOpenBookings,
  cascadeRideBookings,
  lockRides,
  recomputeAvailableSeats,
} from '../marketplace/seats.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';
import { changeRideStatus } from '../rides/index.js';
import { findUserById } from '../users/index.js';
import { activeFutureRideIds, listCommuteRides, type CommuteRecord } from './commutes.repo.js';
import { requireCommute, requireOwnCommute, type Deps } from './commutes.service.js';
import { bookForSubscriptions, covers, stopsOn, type RideRef } from './standing-bookings.js';
import {
  deleteSubscription,
  findSubscription,
  openUpcomingBookings,
  upsertSubscription,
  type SubscriptionRecord,
} from './subscriptions.repo.js';
import { lockCommute, setCommuteStatus } from './commutes.repo.js';
import { mailDriverOfPassengerCancels, mailPassengersOfStoppedCommute } from './cancelled-together-mails.js';

/** Cancels one ride of a commute with its open bookings (RIDE_CANCELLED); answers those bookings. */
async function cancelCommuteRide(trx: Trx, rideId: string, now: number): Promise<BookingRecord[]> {
  if (!(await changeRideStatus(trx, rideId, 'ACTIVE', 'CANCELLED', now))) return [];
  const open = await listRideBookings(trx, rideId, OPEN_STATUSES);
  await cascadeRideBookings(trx, rideId, OPEN_STATUSES, 'CANCELLED', now, 'RIDE_CANCELLED');
  await recomputeAvailableSeats(trx, rideId, now);
  return open;
}

/** Stops a commute: no more rides are made, its future rides are cancelled (passengers told), history stays. */
export async function stopCommute(deps: Deps, id: string, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.unitOfWork(async (trx, after) => {
    const c = requireOwnCommute(await requireCommute(trx, id), userId);
    if (!(await setCommuteStatus(trx, id, 'STOPPED', now))) throw conflict(ERR.commuteStopped);
    const rideIds = await activeFutureRideIds(trx, id, now);
    await lockRides(trx, rideIds, now);
    const ended: BookingRecord[] = [];
    for (const rideId of rideIds) ended.push(...(await cancelCommuteRide(trx, rideId, now)));
    // Each passenger is told once, of all their rides the stop cancelled (section 5).
    await mailPassengersOfStoppedCommute(trx, c, ended, deps.config.appUrl, now);
    if (rideIds.length > 0) after.everythingChanged();
  });
}

/**
 * A standing booking: kept for the rides made later, and every matching ride still to come booked now
 * in one transaction. The seats are the marketplace's conditional UPDATE per ride, so they stay exact
 * under any race; the answer says which days were booked and which were full.
 */
export async function subscribe(
  deps: Deps,
  id: string,
  passengerId: string,
  input: SubscriptionBody,
): Promise<SubscriptionResult> {
  if (input.fromStop !== undefined && input.toStop !== undefined && input.fromStop >= input.toStop) {
    throw fieldError('toStop', ERR.stopsInvalid);
  }
  const now = deps.clock.now();
  return deps.unitOfWork(async (trx, after) => {
    await lockCommute(trx, id);
    const c = await requireCommute(trx, id);
    if (c.driverId === passengerId) throw conflict(ERR.ownCommuteSubscription);
    if (c.status !== 'ACTIVE') throw conflict(ERR.commuteStopped);
    await assertMayStandOn(trx, c, passengerId);
    assertStopsOnRoute(c, input);
    const row = {
      id: newId(),
      commute_id: id,
      passenger_id: passengerId,
      seats: input.seats,
      days: input.days ? input.days.join(',') : null,
      direction: input.direction ?? null,
      from_stop: input.fromStop ?? null,
      to_stop: input.toStop ?? null,
      created_at: now,
    };
    const previous = await findSubscription(trx, id, passengerId);
    await upsertSubscription(trx, row);
    const subscription = (await findSubscription(trx, id, passengerId))!;
    const rides = (await listCommuteRides(trx, id, istDate(now)))
      .filter((r) => r.departureAt > now && r.status === 'ACTIVE')
      .map((r) => ({
        id: r.id,
        direction: r.direction!,
        departureDate: r.departureDate,
        departureTime: r.departureTime,
        departureAt: r.departureAt,
        pointCount: r.points.length,
        commuteDay: commuteDayOf(r, c.departureTime),
      }));
    if (previous) await giveUpUncovered(deps, trx, after, c, subscription, rides, now);
    return bookForSubscriptions(deps, trx, after, subscription, rides, now, { summary: true });
  });
}

/**
 * Section 9 for the standing booking itself, not only for each ride it books: a blocked pair, or anyone
 * but a woman on a women-only commute, is refused (403) even when no ride is there to book yet, so no
 * standing booking waits to book the rides made later.
 */
async function assertMayStandOn(trx: Trx, c: CommuteRecord, passengerId: string): Promise<void> {
  if ((await blockCounterparts(trx, passengerId)).includes(c.driverId)) throw forbidden(ERR.blockedBooking);
  if (c.womenOnly && (await findUserById(trx, passengerId))?.gender !== 'FEMALE') {
    throw forbidden(ERR.womenOnlyRide);
  }
}

/**
 * The stops are points of the commute's route (from, its stops, to), as a booking's are of its ride's: one
 * past its end is a 400, never a standing booking whose every ride is reported full.
 */
function assertStopsOnRoute(c: CommuteRecord, input: SubscriptionBody): void {
  const last = c.stops.length + 1;
  if (input.fromStop !== undefined && input.fromStop >= last) {
    throw fieldError('fromStop', MSG.stopIndexInvalid);
  }
  if (input.toStop !== undefined && input.toStop > last) throw fieldError('toStop', MSG.stopIndexInvalid);
  if (input.toStop !== undefined && input.toStop <= (input.fromStop ?? 0)) {
    throw fieldError('toStop', ERR.stopsInvalid);
  }
}

/**
 * Ends a standing booking and cancels the open bookings it made on rides still to come (PASSENGER);
 * the passenger's bookings made one by one stay.
 */
export async function unsubscribe(
  deps: Deps,
  id: string,
  passengerId: string,
): Promise<{ cancelled: number }> {
  const now = deps.clock.now();
  return deps.unitOfWork(async (trx, after) => {
    const c = await requireCommute(trx, id);
    const subscriptionId = await deleteSubscription(trx, id, passengerId);
    if (!subscriptionId) throw notFound(ERR.subscriptionNotFound);
    const open = await openUpcomingBookings(trx, { id: subscriptionId, commuteId: id, passengerId }, now);
    await lockRides(
      trx,
      open.map((b) => b.rideId),
      now,
    );
    return { cancelled: await cancelForPassenger(deps, trx, after, c, open, 'stopped', now) };
  });
}

/**
 * Cancels a standing booking's bookings as its passenger would (PASSENGER), `how` the passenger ended
 * them; answers how many it did.
 */
async function cancelForPassenger(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  c: CommuteRecord,
  open: readonly { id: string; rideId: string }[],
  how: 'stopped' | 'changed',
  now: number,
): Promise<number> {
  const ended = await cancelOpenBookings(trx, open, now, 'PASSENGER');
  // The driver is told, as of any passenger's cancel (section 5): once for the lot.
  await mailDriverOfPassengerCancels(trx, c, ended, how, deps.config.appUrl, now);
  if (ended.length > 0) after.everythingChanged();
  return ended.length;
}

/**
 * A second subscribe replaces the terms: the bookings the first terms made that the new ones no longer
 * cover (another day, direction or segment) are given up, so the passenger holds what the answer says
 * and the seats go back to others; a segment changed is booked again by the new terms. Every ride of the
 * commute is locked first, in id order, so the booking that follows keeps decision 005's lock order.
 */
async function giveUpUncovered(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  c: CommuteRecord,
  s: SubscriptionRecord,
  rides: readonly RideRef[],
  now: number,
): Promise<void> {
  const byId = new Map(rides.map((r) => [r.id, r]));
  const open = await openUpcomingBookings(trx, s, now);
  const uncovered = open.filter((b) => {
    const r = byId.get(b.rideId);
    if (!r) return false;
    const { fromStop = 0, toStop = r.pointCount - 1 } = stopsOn(s, r);
    return !covers(s, r) || b.fromStop !== fromStop || b.toStop !== toStop;
  });
  if (uncovered.length === 0) return;
  await lockRides(
    trx,
    rides.map((r) => r.id),
    now,
  );
  await cancelForPassenger(deps, trx, after, c, uncovered, 'changed', now);
}
