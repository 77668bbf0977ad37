import { istToUtcMs, type CommuteDirection } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { newId } from '../../lib/ids.js';
import { reminderJob } from '../bookings/index.js';
import { enqueueJobs, type JobHandlers } from '../jobs/index.js';
import { adjustRideCount } from '../places/index.js';
import { datesOn, horizonOf, nextIstMidnight } from './commute-dates.js';
import { findCommute, insertCommuteRides, type CommuteRecord, type CommuteRideRow } from './commutes.repo.js';
import { bookForSubscriptions } from './standing-bookings.js';
import { listSubscriptions } from './subscriptions.repo.js';

type Deps = Pick<AppDeps, 'config'>;

export const materialiseJob = (commuteId: string, dueAt: number) => ({
  kind: 'materialise-commute',
  subjectId: commuteId,
  dueAt,
});

function rideRows(c: CommuteRecord, dates: string[], nowMs: number) {
  const directions: [CommuteDirection, string][] = [['OUTBOUND', c.departureTime]];
  if (c.returnTime) directions.push(['RETURN', c.returnTime]);
  const rows = [];
  for (const date of dates) {
    for (const [direction, time] of directions) {
      const departureAt = istToUtcMs(date, time);
      if (departureAt <= nowMs) continue; // today's ride that has already left is not made
      const out = direction === 'OUTBOUND';
      rows.push({
        id: newId(),
        driver_id: c.driverId,
        from_place_id: out ? c.fromPlaceId : c.toPlaceId,
        to_place_id: out ? c.toPlaceId : c.fromPlaceId,
        from_name: out ? c.from : c.to,
        to_name: out ? c.to : c.from,
        departure_date: date,
        departure_time: time,
        departure_at: departureAt,
        total_seats: c.seats,
        available_seats: c.seats,
        price_per_seat: c.pricePerSeat,
        car_model: c.carModel,
        car_number: c.carNumber,
        additional_info: c.additionalInfo,
        instant_booking: c.instantBooking ? 1 : 0,
        status: 'ACTIVE' as const,
        deleted_at: null,
        created_at: nowMs,
        updated_at: nowMs,
        commute_id: c.id,
        direction,
      });
    }
  }
  return rows;
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
  const inserted = await insertCommuteRides(trx, rideRows(c, datesOn(c.days, first, last), nowMs));
  if (inserted.length === 0) return [];
  // Each ride counts once for each of its two places, whichever way it goes.
  await adjustRideCount(trx, c.fromPlaceId, inserted.length);
  await adjustRideCount(trx, c.toPlaceId, inserted.length);
  await enqueueJobs(
    trx,
    inserted.map((r) => reminderJob(r.id, r.departureAt)),
    nowMs,
  );
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
