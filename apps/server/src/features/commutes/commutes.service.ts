import {
  addDays,
  COMMUTE_END_MAX_MONTHS,
  commuteDayOf,
  ERR,
  MSG,
  type Commute,
  type CommuteBody,
} from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor, Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { todayIst } from '../../lib/clock.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { reopenJob } from '../jobs/index.js';
import { hiddenByBlock } from '../marketplace/blocks.js';
import { pointsOfRides } from '../marketplace/ride-points.js';
import { lockRides } from '../marketplace/seats.js';
import { adjustRideCount } from '../places/index.js';
import { findUserById } from '../users/index.js';
import { assertDistinctPlaces, planRideRoute, presentRidesWithAudience } from '../rides/index.js';
import { addMonths, nextIstMidnight } from './commute-dates.js';
import { presentCommute } from './commute-presenter.js';
import {
  activeFutureRideIds,
  deleteRides,
  findCommute,
  insertCommute,
  listCommuteRides,
  listDriverCommutes,
  lockCommute,
  unbookedFutureRides,
  updateCommuteRow,
  type CommuteRecord,
} from './commutes.repo.js';
import { materialiseCommute, materialiseJob } from './materialise.js';
import { noteCommuteChange } from './commute-change-mail.js';
import { rewriteReleasedRides } from './released-rides.js';
import { standingBookingsFollowWomenOnly, standingStopsFollowRoute } from './standing-stops-follow-route.js';
import { findSubscription } from './subscriptions.repo.js';
import { bookedRidesFollowWomenOnly } from './women-only-rides.js';

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork' | 'placeMatches' | 'blocks'>;

/** The rules a schema cannot check without a clock: start not in the past, end at most 6 months ahead. */
function assertDates(deps: Deps, input: CommuteBody, isNew: boolean): void {
  const today = todayIst(deps.clock);
  if (isNew && input.startDate < today) throw fieldError('startDate', MSG.commuteStartInPast);
  if (input.endDate && input.endDate > addMonths(today, COMMUTE_END_MAX_MONTHS)) {
    throw fieldError('endDate', MSG.commuteEndTooFar);
  }
}

/** Section 9, as on a ride's offer and edit: only a driver whose gender is FEMALE may make it women-only. */
async function assertMaySetWomenOnly(db: Executor, driverId: string, input: CommuteBody): Promise<void> {
  if (input.womenOnly !== true) return;
  const driver = await findUserById(db, driverId);
  if (driver?.gender !== 'FEMALE') throw forbidden(ERR.womenOnlyDriver);
}

/** The commute's columns from the input; `womenOnly` as sent, or as it was when an edit leaves it out. */
async function columnsOf(
  deps: Deps,
  trx: Executor,
  input: CommuteBody,
  now: number,
  womenOnly = input.womenOnly ?? false,
) {
  // As an offer's: a city's old and new names are one place, and each stop differs from its neighbours.
  assertDistinctPlaces({ from: input.from, to: input.to, stops: input.stops ?? [] });
  // Planned as an offer is, so stop times out of order are refused here (stops.N.time).
  const { from, to } = await planRideRoute(
    trx,
    deps.placeMatches,
    { ...input, stops: input.stops ?? [], departureDate: input.startDate },
    now,
  );
  return {
    from_place_id: from.id,
    to_place_id: to.id,
    from_name: from.name,
    to_name: to.name,
    stops: JSON.stringify((input.stops ?? []).map((s) => ({ place: s.place, time: s.time ?? null }))),
    days: input.days.join(','),
    departure_time: input.departureTime,
    return_time: input.returnTime ?? null,
    start_date: input.startDate,
    end_date: input.endDate ?? null,
    seats: input.seats,
    price_per_seat: input.pricePerSeat,
    car_model: input.carModel,
    car_number: input.carNumber,
    additional_info: input.additionalInfo,
    instant_booking: input.instantBooking ? 1 : 0,
    women_only: womenOnly ? 1 : 0,
    updated_at: now,
  };
}

export async function requireCommute(db: Executor, id: string): Promise<CommuteRecord> {
  const c = await findCommute(db, id);
  if (!c || c.driver.deleted) throw notFound(ERR.commuteNotFound);
  return c;
}

export function requireOwnCommute(c: CommuteRecord, userId: string): CommuteRecord {
  if (c.driverId !== userId) throw forbidden(ERR.notAuthorizedCommute);
  return c;
}

/** The commute as its viewer sees it: the next 14 days' rides still to leave (passengers for its driver only). */
export async function viewCommute(
  db: Executor,
  c: CommuteRecord,
  viewerId: string,
  now: number,
): Promise<Commute> {
  const rides = await listCommuteRides(db, c.id, todayIst({ now: () => now }));
  // By commute day: the horizon's last night keeps its return of the morning after. Today's rides that
  // have left are not upcoming (skipping one would cancel its passengers' bookings after the ride).
  const last = addDays(todayIst({ now: () => now }), 13);
  const next = rides.filter((r) => r.departureAt > now && commuteDayOf(r, c.departureTime) <= last);
  // Passengers for its driver only, phones as the viewer may see them (section 9).
  const { rides: upcoming, audience } = await presentRidesWithAudience(db, viewerId, next, now, [c.driver]);
  const subscription = c.driverId === viewerId ? undefined : await findSubscription(db, c.id, viewerId);
  return presentCommute(c, audience, upcoming, subscription);
}

/**
 * Makes the rides at once (the answer lists them) and schedules the daily job that keeps them coming.
 * Reopened even when done: an edit may move the end date past the one the job stopped at.
 */
async function materialiseNow(deps: Deps, trx: Trx, after: AfterCommit, id: string, now: number) {
  const c = await requireCommute(trx, id);
  await materialiseCommute(deps, trx, after, c, now);
  await reopenJob(trx, materialiseJob(id, nextIstMidnight(now)), now);
}

export async function createCommute(deps: Deps, driverId: string, input: CommuteBody): Promise<Commute> {
  assertDates(deps, input, true);
  await assertMaySetWomenOnly(deps.db, driverId, input);
  const now = deps.clock.now();
  const id = newId();
  await deps.unitOfWork(async (trx, after) => {
    const columns = await columnsOf(deps, trx, input, now);
    await insertCommute(trx, {
      ...{ id, driver_id: driverId, status: 'ACTIVE', created_at: now, told_terms: null },
      ...columns,
    });
    await materialiseNow(deps, trx, after, id, now);
  });
  return viewCommute(deps.db, await requireCommute(deps.db, id), driverId, now);
}

export async function getCommute(deps: Deps, id: string, viewerId: string): Promise<Commute> {
  const c = await requireCommute(deps.db, id);
  if (await hiddenByBlock(deps, viewerId, c.driverId)) throw notFound(ERR.commuteNotFound);
  return viewCommute(deps.db, c, viewerId, deps.clock.now());
}

export async function myCommutes(deps: Deps, driverId: string): Promise<Commute[]> {
  const now = deps.clock.now();
  const list = await listDriverCommutes(deps.db, driverId);
  return Promise.all(list.map((c) => viewCommute(deps.db, c, driverId, now)));
}

/**
 * An edit changes the rides nobody has booked yet and every later one: those future rides without any
 * booking are removed and made again as the commute now says; booked rides keep their data (their
 * passengers booked that ride). History is untouched.
 */
export async function updateCommute(
  deps: Deps,
  id: string,
  userId: string,
  input: CommuteBody,
): Promise<Commute> {
  assertDates(deps, input, false);
  const now = deps.clock.now();
  await deps.unitOfWork(async (trx, after) => {
    await lockCommute(trx, id);
    const before = requireOwnCommute(await requireCommute(trx, id), userId);
    if (before.status !== 'ACTIVE') throw conflict(ERR.commuteStopped);
    await assertMaySetWomenOnly(trx, userId, input);
    const columns = await columnsOf(deps, trx, input, now, input.womenOnly ?? before.womenOnly);
    await updateCommuteRow(trx, id, columns);
    // Every ride still to come is locked first, in id order (decision 005), before its bookings are read:
    // a booking landing between that read and the write would find its ride deleted under it, or its
    // seats overwritten by the rewrite of a ride whose bookings were all cancelled.
    await lockRides(trx, await activeFutureRideIds(trx, id, now), now);
    const stale = await unbookedFutureRides(trx, id, now);
    const staleIds = stale.map((r) => r.id);
    // Their points, read before they go: a ride past midnight is on the next day's pages too.
    const points = await pointsOfRides(trx, staleIds);
    await deleteRides(trx, staleIds);
    for (const r of stale) {
      await adjustRideCount(trx, r.from_place_id, -1);
      await adjustRideCount(trx, r.to_place_id, -1);
    }
    after.ridesChanged(
      stale.map((r) => ({ departureDate: r.departure_date, points: points.get(r.id) ?? [] })),
    );
    const edited = await requireCommute(trx, id);
    // Before the new days are made, so a standing booking the edit ends books none of them.
    await standingBookingsFollowWomenOnly(deps, trx, before, edited, now);
    await standingStopsFollowRoute(deps, trx, before, edited, now);
    await noteCommuteChange(trx, before, now);
    await rewriteReleasedRides(deps, trx, after, edited, now);
    await bookedRidesFollowWomenOnly(trx, after, before, edited, now);
    await materialiseNow(deps, trx, after, id, now);
  });
  return getCommute(deps, id, userId);
}
