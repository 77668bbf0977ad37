import { ERR, type SubscriptionResult } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import { placeBooking } from '../bookings/index.js';
import { weekdayOf } from './commute-dates.js';
import type { CommuteRideRow } from './commutes.repo.js';
import type { SubscriptionRecord } from './subscriptions.repo.js';

type Deps = Pick<AppDeps, 'config'>;

/** Whether a standing booking covers a ride: its days (all when none) and direction (both when none). */
export const covers = (s: Pick<SubscriptionRecord, 'days' | 'direction'>, r: CommuteRideRow) =>
  (s.days === null || s.days.includes(weekdayOf(r.departureDate))) &&
  (s.direction === null || s.direction === r.direction);

/**
 * Books every ride the standing booking covers, as ordinary bookings (the driver confirms unless
 * instant), in the caller's transaction; a ride without the seats (or no longer bookable) is `full`, a
 * ride the passenger already holds a booking on is left as it is. Rides are taken in id order, the
 * order every use case locks rides in (decision 005).
 */
export async function bookForSubscriptions(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  s: SubscriptionRecord,
  rides: readonly CommuteRideRow[],
  nowMs: number,
): Promise<SubscriptionResult> {
  const result: SubscriptionResult = { booked: [], full: [] };
  const input = {
    seats: s.seats,
    pickupLocation: null,
    dropLocation: null,
    pickupPlace: null,
    dropPlace: null,
    ...(s.fromStop === null ? {} : { fromStop: s.fromStop }),
    ...(s.toStop === null ? {} : { toStop: s.toStop }),
  };
  for (const r of [...rides].filter((r) => covers(s, r)).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    try {
      const b = await placeBooking(deps, trx, after, r.id, s.passengerId, input, nowMs);
      result.booked.push({
        rideId: r.id,
        date: r.departureDate,
        bookingId: b.id,
        status: b.status as 'PENDING',
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
      if (error.message === ERR.alreadyBooked) continue;
      result.full.push({ rideId: r.id, date: r.departureDate });
    }
  }
  const byDate = (a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date);
  result.booked.sort(byDate);
  result.full.sort(byDate);
  return result;
}
