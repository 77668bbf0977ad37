import { ERR, type SubscriptionResult } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import { placeBooking, standingBookingsMail } from '../bookings/index.js';
import { enqueueMail } from '../mail/index.js';
import { weekdayOf } from './commute-dates.js';
import { mailMissedRides, type MissedRide } from './missed-days-mail.js';
import type { CommuteRideRow } from './commutes.repo.js';
import { openBookingOn, type SubscriptionRecord } from './subscriptions.repo.js';

type Deps = Pick<AppDeps, 'config'>;
/**
 * A ride to book, with how many points its route has (its return trip reverses them) and its commute
 * day (commuteDayOf: a night shift's morning return belongs to the night before).
 */
export type RideRef = Omit<CommuteRideRow, 'commuteId'> & { pointCount: number; commuteDay: string };

/**
 * Whether a standing booking covers a ride: its days (all when none), read as commute days, so Mondays
 * are Monday night's shift and the Tuesday morning back; and its direction (both when none).
 */
export const covers = (s: Pick<SubscriptionRecord, 'days' | 'direction'>, r: RideRef) =>
  (s.days === null || s.days.includes(weekdayOf(r.commuteDay))) &&
  (s.direction === null || s.direction === r.direction);

/**
 * The segment a standing booking books on a ride. Its stops are points of the commute's route (from,
 * stops, to); the return ride runs that route reversed, so on it the same journey back is the mirrored
 * span of its n points: from n-1-toStop to n-1-fromStop (Indiranagar to Koramangala in the morning,
 * Koramangala to Indiranagar in the evening). A stop left out stays the route's end on that side.
 */
export function stopsOn(s: Pick<SubscriptionRecord, 'fromStop' | 'toStop'>, r: RideRef) {
  const last = r.pointCount - 1;
  const [from, to] =
    r.direction === 'RETURN'
      ? [s.toStop === null ? null : last - s.toStop, s.fromStop === null ? null : last - s.fromStop]
      : [s.fromStop, s.toStop];
  return { ...(from === null ? {} : { fromStop: from }), ...(to === null ? {} : { toStop: to }) };
}

/**
 * The app's own refusal of one booking (no seats, the ride gone, a block, a women-only ride, a segment
 * the ride no longer has): that ride is not booked and the others still are. Anything else (a failed
 * statement, a bug) is not ours to swallow and propagates.
 */
const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500;

/**
 * Books every ride the standing booking covers, as ordinary bookings (the driver confirms unless
 * instant), in the caller's transaction; a ride the passenger cannot book (no seats, no longer bookable,
 * a block, women-only, stops the ride lacks) is `full` and the others are booked, so one refused day
 * never stops a commute's materialisation; a ride the passenger already holds an open booking on is left
 * as it is and reported booked with that booking. Rides are taken in id order, the
 * order every use case locks rides in (decision 005). With `summary` (at subscribe time) the driver gets
 * one mail for all of them instead of one per ride; without it (new days made later) the passenger gets
 * one mail naming the rides that could not be booked.
 */
export async function bookForSubscriptions(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  s: SubscriptionRecord,
  rides: readonly RideRef[],
  nowMs: number,
  { summary = false }: { summary?: boolean } = {},
): Promise<SubscriptionResult> {
  const result: SubscriptionResult = { booked: [], full: [] };
  const made = [];
  const missed: MissedRide[] = [];
  const input = {
    seats: s.seats,
    pickupLocation: null,
    dropLocation: null,
    pickupPlace: null,
    dropPlace: null,
  };
  for (const r of [...rides].filter((r) => covers(s, r)).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    try {
      const booking = { ...input, ...stopsOn(s, r) };
      const b = await placeBooking(deps, trx, after, r.id, s.passengerId, booking, nowMs, {
        mailDriver: !summary,
        subscriptionId: s.id,
      });
      made.push(b);
      result.booked.push({
        rideId: r.id,
        date: r.departureDate,
        bookingId: b.id,
        status: b.status as 'PENDING',
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (error.message === ERR.alreadyBooked) {
        // The passenger is on that ride already (a booking made one by one): booked, and left as it is.
        const held = await openBookingOn(trx, r.id, s.passengerId);
        if (held) {
          const status = held.status as 'PENDING' | 'CONFIRMED';
          result.booked.push({ rideId: r.id, date: r.departureDate, bookingId: held.id, status });
        }
        continue;
      }
      // At subscribe time a block refuses the whole standing booking, as it refuses a single booking.
      if (summary && error.message === ERR.blockedBooking) throw error;
      result.full.push({ rideId: r.id, date: r.departureDate });
      missed.push({ rideId: r.id, reason: error.message });
    }
  }
  if (summary && made.length > 0) {
    made.sort((a, b) => a.ride.departureAt - b.ride.departureAt);
    await enqueueMail(trx, standingBookingsMail(made, deps.config.appUrl), nowMs);
  }
  // At subscribe time the answer lists the days not booked; later days are made while nobody looks.
  if (!summary) await mailMissedRides(trx, s.passengerId, missed, deps.config.appUrl, nowMs);
  const byDate = (a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date);
  result.booked.sort(byDate);
  result.full.sort(byDate);
  return result;
}
