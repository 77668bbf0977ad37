import type { Executor } from '../../db/database.js';
import { dashboardLink, enqueueMail, paragraphsMail } from '../mail/index.js';
import { bookingRejectedMail } from '../marketplace/booking-mails.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import {
  journeyOf,
  listedRidesMail,
  ridesList,
  SEATS_AVAILABLE,
  tellDriversOfCancels,
  tellEachOnce,
} from '../marketplace/cancelled-together.js';

/**
 * Tells the other one of a blocked pair, once, of the bookings the block ended: the blocked passenger that
 * the driver could not take them, the blocked driver that the passenger cancelled them. One booking keeps
 * the single reject or cancel mail; several are one mail in the same words. Like those, it says nothing
 * of the block (section 9): only what an ordinary reject or cancel of the same rides would have told.
 * One who both rode with and drove the other gets one mail with both lists.
 */
export async function mailWhatBlockEnded(
  db: Executor,
  ended: { rejected: readonly BookingRecord[]; cancelled: readonly BookingRecord[] },
  appUrl: string,
  nowMs: number,
): Promise<void> {
  if (ended.rejected.length > 0 && ended.cancelled.length > 0)
    return enqueueMail(db, bothWaysMail(ended.rejected, ended.cancelled, appUrl), nowMs);
  const notTaken = (bookings: BookingRecord[]) => {
    const b = bookings[0]!;
    const text = {
      hi: b.passenger.name,
      what: `${b.driver.name} could not take your bookings on these ${bookings.length} rides:`,
      then: TAKEN_BACK,
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

const TAKEN_BACK = 'Your seats were released; please look for another ride.';
const onRides = (n: number) => (n === 1 ? 'booking on this ride' : `bookings on these ${n} rides`);

/** To the other one when they were both a passenger of the blocker's rides and the driver of others. */
function bothWaysMail(
  rejected: readonly BookingRecord[],
  cancelled: readonly BookingRecord[],
  appUrl: string,
) {
  const other = rejected[0]!.passenger;
  return paragraphsMail(
    other.email,
    `Bookings not accepted and cancelled: ${journeyOf([...rejected, ...cancelled])}`,
    [
      `Hi ${other.name},`,
      ...ridesList(
        `${rejected[0]!.driver.name} could not take your ${onRides(rejected.length)}:`,
        rejected,
        TAKEN_BACK,
      ),
      ...ridesList(
        `${cancelled[0]!.passenger.name} cancelled their ${onRides(cancelled.length)}:`,
        cancelled,
        SEATS_AVAILABLE,
      ),
    ],
    dashboardLink(appUrl),
  );
}
