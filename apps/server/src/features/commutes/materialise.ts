import { istToUtcMs, type CommuteDirection } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import type { JobHandlers } from '../jobs/index.js';
import { adjustRideCount } from '../places/index.js';
import { datesOn, horizonOf, nextIstMidnight } from './commute-dates.js';
import { commutePointInputs, commuteRide } from './commute-route.js';
import {
  findCommute,
  insertCommuteRides,
  insertRidePoints,
  type CommuteRecord,
  type CommuteRideRow,
} from './commutes.repo.js';
import { bookForSubscriptions } from './standing-bookings.js';
import { listSubscriptions } from './subscriptions.repo.js';

type Deps = Pick<AppDeps, 'config' | 'placeMatches'>;

export const materialiseJob = (commuteId: string, dueAt: number) => ({
  kind: 'materialise-commute',
  subjectId: commuteId,
  dueAt,
});

async function rideRows(deps: Deps, trx: Trx, c: CommuteRecord, dates: string[], nowMs: number) {
  const directions: [CommuteDirection, string][] = [['OUTBOUND', c.departureTime]];
  if (c.returnTime) directions.push(['RETURN', c.returnTime]);
  const inputs = await commutePointInputs(deps, trx, c, nowMs);
  const made = [];
  for (const date of dates) {
    for (const [direction, time] of directions) {
      // Today's ride that has already left is not made.
      if (istToUtcMs(date, time) > nowMs)
        made.push(commuteRide(c, direction, date, time, inputs[direction], nowMs));
    }
  }
  return made;
}

/**
 * Makes the commute's rides for its 14-day horizon (IST) that do not exist yet, with their reminders,
 * and books them for its standing bookings. Idempotent: the unique (commute, direction, date) index
 * skips rides already made, by this process or another; a gap (downtime) is simply a wider horizon.
 */
export async function materialiseCommute(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  c: CommuteRecord,
  nowMs: number,
): Promise<CommuteRideRow[]> {
  if (c.status !== 'ACTIVE' || c.driver.deleted) return [];
  const { first, last } = horizonOf(nowMs, c);
  if (first > last) return [];
  const made = await rideRows(deps, trx, c, datesOn(c.days, first, last), nowMs);
  const inserted = await insertCommuteRides(
    trx,
    made.map((m) => m.ride),
  );
  if (inserted.length === 0) return [];
  const kept = new Set(inserted.map((r) => r.id));
  await insertRidePoints(
    trx,
    made.filter((m) => kept.has(m.ride.id)).flatMap((m) => m.points),
  );
  // Each ride counts once for each of its two places, whichever way it goes.
  await adjustRideCount(trx, c.fromPlaceId, inserted.length);
  await adjustRideCount(trx, c.toPlaceId, inserted.length);
  after.ridesChanged(
    inserted.map((r) => ({
      fromPlaceId: r.direction === 'OUTBOUND' ? c.fromPlaceId : c.toPlaceId,
      toPlaceId: r.direction === 'OUTBOUND' ? c.toPlaceId : c.fromPlaceId,
      departureDate: r.departureDate,
    })),
  );
  const subscriptions = await listSubscriptions(trx, c.id);
  for (const s of subscriptions) await bookForSubscriptions(deps, trx, after, s, inserted, nowMs);
  return inserted;
}

/** The job: materialise, then again at the next IST midnight, until the commute stops or its end. */
export const commuteJobHandlers = (deps: Deps): JobHandlers => ({
  'materialise-commute': async ({ trx, after, now, subjectId }) => {
    const c = await findCommute(trx, subjectId);
    if (!c || c.status !== 'ACTIVE' || c.driver.deleted) return;
    await materialiseCommute(deps, trx, after, c, now);
    // Every ride up to its end date exists: nothing more to make.
    if (c.endDate && c.endDate <= horizonOf(now, c).last) return;
    return { againAt: nextIstMidnight(now) };
  },
});
