import type { Executor } from '../../db/database.js';
import { dashboardLink } from '../mail/index.js';
import { bookingRejectedMail } from '../marketplace/booking-mails.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import {
  journeyOf,
  listedRidesMail,
  tellDriversOfCancels,
  tellEachOnce,
} from '../marketplace/cancelled-together.js';

/**
 * Tells the other one of a blocked pair, once, of the bookings the block ended: the blocked passenger that
 * the driver could not take them, the blocked driver that the passenger cancelled them. One booking keeps
 * the single reject or cancel mail; several are one mail in the same words. Like those, it says nothing
 * of the block (section 9): only what an ordinary reject or cancel of the same rides would have told.
 */
export async function mailWhatBlockEnded(
  db: Executor,
  ended: { rejected: readonly BookingRecord[]; cancelled: readonly BookingRecord[] },
  appUrl: string,
  nowMs: number,
): Promise<void> {
  const notTaken = (bookings: BookingRecord[]) => {
    const b = bookings[0]!;
    const text = {
      hi: b.passenger.name,
      what: `${b.driver.name} could not take your bookings on these ${bookings.length} rides:`,
      then: 'Your seats were released; please look for another ride.',
    };
    const subject = `Bookings not accepted: ${journeyOf(bookings)}`;
    return listedRidesMail(b.passenger.email, subject, text, bookings, dashboardLink(appUrl));
  };
  const rejectedOne = (b: BookingRecord) => bookingRejectedMail(b, appUrl);
  await tellEachOnce(db, ended.rejected, (b) => b.passenger.id, rejectedOne, notTaken, nowMs);
  const what = (bookings: BookingRecord[]) =>
    `${bookings[0]!.passenger.name} cancelled their bookings on these ${bookings.length} rides:`;
  await tellDriversOfCancels(db, ended.cancelled, what, appUrl, nowMs);
}
