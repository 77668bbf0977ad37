import {
  addDays,
  commuteDayOf,
  isMorningReturn,
  returnsNextDay,
  type CommuteDirection,
} from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import type { JobHandlers } from '../jobs/index.js';
import { cellRows } from '../marketplace/ride-cells.js';
import { adjustRideCount } from '../places/index.js';
import { datesOn, horizonOf, nextIstMidnight } from './commute-dates.js';
import { commutePointInputs, commuteRide, daysBetween, planTrip } from './commute-route.js';
import {
  findCommutes,
  insertCommuteRides,
  insertRideCells,
  insertRidePoints,
  lockCommutes,
  type CommuteRecord,
  type CommuteRideRow,
} from './commutes.repo.js';
import { commuteChangeNotice } from './commute-change-mail.js';
import { bookForSubscriptions } from './standing-bookings.js';
import { endStandingOfNonWomen } from './standing-stops-follow-route.js';
import { listSubscriptions } from './subscriptions.repo.js';

type Deps = Pick<AppDeps, 'config' | 'placeMatches'>;

const DAY_MS = 86_400_000;

export const materialiseJob = (commuteId: string, dueAt: number) => ({
  kind: 'materialise-commute',
  subjectId: commuteId,
  dueAt,
});

async function rideRows(deps: Deps, trx: Trx, c: CommuteRecord, dates: string[], nowMs: number) {
  const directions: [CommuteDirection, string][] = [['OUTBOUND', c.departureTime]];
  if (c.returnTime) directions.push(['RETURN', c.returnTime]);
  const inputs = await commutePointInputs(deps, trx, c, nowMs);
  const base = dates[0]!;
  // A night shift's return (earlier in the day than the departure) leaves the morning after its commute
  // day: planned one day later, so its date, its points' and the unique key's date are that morning's.
  const trips = directions.map(([direction, time]) => {
    const planned = isMorningReturn({ direction, departureTime: time }, c.departureTime)
      ? addDays(base, 1)
      : base;
    return { direction, trip: { points: planTrip(c, planned, time, inputs[direction]), time } };
  });
  const made = [];
  for (const date of dates) {
    const days = daysBetween(base, date);
    for (const { direction, trip } of trips) {
      // Today's ride that has already left is not made.
      if (trip.points[0]!.at + days * DAY_MS > nowMs) made.push(commuteRide(c, direction, trip, days, nowMs));
    }
  }
  return made;
}

/** The rides the commute has in its horizon as it now is (those that have left excepted), not yet written. */
export async function plannedRides(deps: Deps, trx: Trx, c: CommuteRecord, nowMs: number) {
  if (c.status !== 'ACTIVE' || c.driver.deleted) return [];
  const { first, last } = horizonOf(nowMs, c);
  // A night shift's last night (yesterday) may still have its return ahead this morning: an edit after
  // midnight remakes it (it removed it as unbooked), a catch-up makes it. Yesterday's outbound has left.
  const from =
    returnsNextDay(c.departureTime, c.returnTime) && first > c.startDate ? addDays(first, -1) : first;
  if (from > last) return [];
  const dates = datesOn(c.days, from, last);
  return dates.length > 0 ? rideRows(deps, trx, c, dates, nowMs) : [];
}

/**
 * Makes the commute's rides for its 14-day horizon (IST) that do not exist yet, and books them for its
 * standing bookings. Idempotent: the unique (commute, direction, date) index skips rides already made,
 * by this process or another; a gap (downtime) is simply a wider horizon.
 */
export async function materialiseCommute(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  c: CommuteRecord,
  nowMs: number,
): Promise<CommuteRideRow[]> {
  return await materialiseCommutes(deps, trx, after, [c], nowMs);
}

/**
 * Materialises many commutes in one transaction: their rides and points are written many per statement
 * (a first run writes millions of rows; one statement per commute cost most of the time, decision 024).
 */
async function materialiseCommutes(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  commutes: readonly CommuteRecord[],
  nowMs: number,
): Promise<CommuteRideRow[]> {
  const made = [];
  for (const c of commutes) made.push(...(await plannedRides(deps, trx, c, nowMs)));
  const inserted = await insertCommuteRides(
    trx,
    made.map((m) => m.ride),
  );
  if (inserted.length === 0) return [];
  const kept = new Set(inserted.map((r) => r.id));
  const keptRides = made.filter((m) => kept.has(m.ride.id));
  await insertRidePoints(
    trx,
    keptRides.flatMap((m) => m.points),
  );
  // On the search grid in the same unit of work, as an offered ride's are (decision 020).
  await insertRideCells(
    trx,
    keptRides.flatMap((m) => cellRows(m.ride.id as string, m.points.map(cellPoint))),
  );
  const pointsOf = new Map(keptRides.map((m) => [m.ride.id as string, m.points.map(slotPoint)]));
  const byId = new Map(commutes.map((c) => [c.id, c]));
  // Each ride counts once for each of its two places, whichever way it goes.
  const counts = new Map<string, number>();
  const changed = inserted.map((r) => {
    const c = byId.get(r.commuteId)!;
    for (const p of [c.fromPlaceId, c.toPlaceId]) counts.set(p, (counts.get(p) ?? 0) + 1);
    return { departureDate: r.departureDate, points: pointsOf.get(r.id) ?? [] };
  });
  for (const [placeId, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1)))
    await adjustRideCount(trx, placeId, n);
  after.ridesChanged(changed);
  const withNewDays = [...new Set(inserted.map((r) => r.commuteId))];
  // A passenger whose profile no longer says FEMALE would be refused each new day, and mailed so each time.
  for (const c of withNewDays.map((id) => byId.get(id)!).filter((c) => c.womenOnly)) {
    const why = `${c.driver.name}'s commute from ${c.from} to ${c.to} is for women only`;
    await endStandingOfNonWomen(deps, trx, c, why, nowMs);
  }
  const subscriptions = await listSubscriptions(trx, withNewDays);
  const toBook = inserted.map((r) => ({
    ...r,
    pointCount: pointsOf.get(r.id)!.length,
    commuteDay: commuteDayOf(r, byId.get(r.commuteId)!.departureTime),
  }));
  for (const s of subscriptions) {
    const rides = toBook.filter((r) => r.commuteId === s.commuteId);
    await bookForSubscriptions(deps, trx, after, s, rides, nowMs);
  }
  return inserted;
}

/**
 * The job: materialise, then again at the next IST midnight, until the commute stops or its end. Run in
 * batches: a batch of due commutes shares one transaction and its statements.
 */
export const commuteJobHandlers = (deps: Deps): JobHandlers => ({
  'commute-change-notice': commuteChangeNotice(deps),
  'materialise-commute': {
    batch: async ({ trx, after, now, subjectIds }) => {
      // Locked before they are read, commute before its rides, as an edit, a stop and a subscribe do. Read
      // unlocked, a commute stopped, edited or subscribed to meanwhile got a day made as it was: active and
      // booked on a stopped commute, at its old time or on a day it no longer has, or missing the new
      // standing booking.
      await lockCommutes(trx, subjectIds);
      const commutes = (await findCommutes(trx, subjectIds)).filter(
        (c) => c.status === 'ACTIVE' && !c.driver.deleted,
      );
      await materialiseCommutes(deps, trx, after, commutes, now);
      const again = new Map<string, { againAt: number }>();
      for (const c of commutes) {
        // Every ride up to its end date exists: nothing more to make.
        if (!c.endDate || c.endDate > horizonOf(now, c).last)
          again.set(c.id, { againAt: nextIstMidnight(now) });
      }
      return again;
    },
  },
});

type PointRow = {
  lat?: number | null;
  lng?: number | null;
  at: number;
  departure_date: string;
  place_id?: string | null;
};
export const cellPoint = (p: PointRow) => ({
  lat: p.lat ?? null,
  lng: p.lng ?? null,
  at: Number(p.at),
  departure_date: p.departure_date,
});
export const slotPoint = (p: PointRow) => ({
  lat: p.lat ?? null,
  lng: p.lng ?? null,
  placeId: p.place_id ?? null,
  date: p.departure_date,
});
