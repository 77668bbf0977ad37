import type { Executor } from '../../db/database.js';
import { enqueueMail, paragraphsMail } from '../mail/index.js';
import { findRide } from '../marketplace/ride-record.js';
import { findUserById } from '../users/index.js';

/** A ride a standing booking could not book, and the app's words for why. */
export interface MissedRide {
  rideId: string;
  reason: string;
}

/**
 * Tells the passenger which rides their standing booking could not book when the commute's new days
 * were made (no seats left, most often): otherwise they would find out on the morning itself. One mail
 * for the lot; the other days stay booked.
 */
export async function mailMissedRides(
  db: Executor,
  passengerId: string,
  missed: readonly MissedRide[],
  appUrl: string,
  nowMs: number,
): Promise<void> {
  const passenger = await findUserById(db, passengerId);
  if (!passenger || missed.length === 0) return;
  const rides = [];
  for (const m of missed) {
    const ride = await findRide(db, m.rideId);
    if (ride) rides.push({ ride, reason: m.reason });
  }
  if (rides.length === 0) return;
  rides.sort((a, b) => a.ride.departureAt - b.ride.departureAt);
  const first = rides[0]!.ride;
  const subject = `Not booked: ${first.from} to ${first.to}`;
  const lines = [
    `Hi ${passenger.firstName},`,
    `Your standing booking on ${first.driver.name}'s commute could not book:`,
    ...rides.map(
      ({ ride, reason }) =>
        `${ride.departureDate} at ${ride.departureTime}, ${ride.from} to ${ride.to}: ${reason}.`,
    ),
    'Your other days stay booked. You can look for another ride for these.',
  ];
  const link = { href: `${appUrl}/find-ride`, label: 'Find a ride' };
  await enqueueMail(db, paragraphsMail(passenger.email, subject, lines, link), nowMs);
}
