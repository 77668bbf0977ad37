import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { endStandingBookingsBetween, lockCommutes } from '../commutes/index.js';
import { openBookingsAhead } from '../marketplace/booking-record.js';
import { cancelOpenBookings, lockRides } from '../marketplace/seats.js';
import { mailWhatBlockEnded } from './block-mails.js';
import { commutesDrivenBy, ridesAheadDrivenBy } from './blocks.repo.js';

/**
 * What a block does to what the pair share ahead (section 9: a blocked pair cannot book each other): their
 * standing bookings on each other's commutes end, and their open bookings on each other's rides still to
 * come are cancelled as the blocker's own step, the driver's reject or the passenger's cancel, with the
 * usual mail to the other (one listing them when there are several, block-mails.ts). Unlike a driver's
 * cancel it does not count against the blocker's reliability (stats): leaving an unsafe ride is not a
 * broken promise. Rides under way keep their bookings (history).
 */
export async function cancelWhatPairShares(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  after: AfterCommit,
  pair: { blockerId: string; blockedId: string },
  now: number,
): Promise<void> {
  // Every commute either of them drives is locked first, one by one in id order, commute before its rides
  // (decision 005), as the commutes' job, edit, stop and subscribe take it. Unlocked, a block made while
  // the job made the next day read the bookings from before it (PostgreSQL): the blocked passenger kept
  // that day's booking on the blocker's ride. Now the job either finishes first, its booking then found
  // and cancelled here, or waits and finds the standing booking ended and the pair blocked; a standing
  // booking being made at that moment likewise. All the pair's commutes, not only those one stands on.
  await lockCommutes(trx, await commutesDrivenBy(trx, pair.blockerId, pair.blockedId));
  // Then every ride either drives still to come, in id order: a booking of one of them holds its ride's
  // lock from before it reads the blocks until it commits, so the block either waits and finds it (and
  // cancels it below), or goes first and the booking finds the block. Unlocked, a booking made at that
  // moment was read by neither (PostgreSQL): the blocked pair kept an open booking with each other.
  await lockRides(trx, await ridesAheadDrivenBy(trx, pair.blockerId, pair.blockedId, now), now);
  await endStandingBookingsBetween(trx, pair.blockerId, pair.blockedId);
  const onMyRides = await openBookingsAhead(trx, pair.blockedId, now, pair.blockerId);
  const onTheirRides = await openBookingsAhead(trx, pair.blockerId, now, pair.blockedId);
  if (onMyRides.length + onTheirRides.length === 0) return;
  // Rides first, in the core's one order, then bookings (decision 005); those ahead are locked already.
  await lockRides(
    trx,
    [...onMyRides, ...onTheirRides].map((b) => b.rideId),
    now,
  );
  const rejected = await cancelOpenBookings(trx, onMyRides, now, 'DRIVER');
  const cancelled = await cancelOpenBookings(trx, onTheirRides, now, 'PASSENGER');
  await mailWhatBlockEnded(trx, { rejected, cancelled }, deps.config.appUrl, now);
  after.ridesChanged([...rejected, ...cancelled].map((b) => b.ride));
}
