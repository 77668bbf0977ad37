import type { Executor } from '../../db/database.js';
import { rideCancelledByDeletionMail } from '../mail/index.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import {
  journeyOf,
  listedRidesMail,
  tellDriversOfCancels,
  tellEachOnce,
} from '../marketplace/cancelled-together.js';
import type { PassengerLeft } from './account-deletion.repo.js';

/**
 * To each passenger of a deleted driver's rides: once, whatever number of their bookings the deletion
 * ended (a standing passenger holds one per day). One booking keeps the single mail it always had.
 */
export function mailPassengersOfDeletedDriver(
  db: Executor,
  ended: readonly PassengerLeft[],
  appUrl: string,
  nowMs: number,
): Promise<void> {
  const single = (b: PassengerLeft) =>
    rideCancelledByDeletionMail(
      appUrl,
      { email: b.passenger.email, firstName: b.passengerFirstName },
      { from: b.ride.from, to: b.ride.to, date: b.ride.departureDate, time: b.ride.departureTime },
    );
  const list = (bookings: PassengerLeft[]) => {
    const b = bookings[0]!;
    const text = {
      hi: b.passengerFirstName,
      what: `Your bookings on these ${bookings.length} rides have been cancelled because the driver closed their account:`,
      then: 'Your seats are released; you can search for another ride.',
    };
    const link = { href: `${appUrl}/find-ride`, label: 'Find another ride' };
    return listedRidesMail(
      b.passenger.email,
      `Rides cancelled: ${journeyOf(bookings)}`,
      text,
      bookings,
      link,
    );
  };
  return tellEachOnce(db, ended, (b) => b.passenger.id, single, list, nowMs);
}

/**
 * To each driver a deleted passenger had booked with: once, that the seats are free again (CONTRACT.md
 * section 5). One booking keeps the single passenger's-cancel mail it always had.
 */
export function mailDriversOfDeletedPassenger(
  db: Executor,
  ended: readonly BookingRecord[],
  appUrl: string,
  nowMs: number,
): Promise<void> {
  const what = (bookings: BookingRecord[]) =>
    `${bookings[0]!.passenger.name} closed their account, so their bookings on these ${bookings.length} rides are cancelled:`;
  return tellDriversOfCancels(db, ended, what, appUrl, nowMs);
}
