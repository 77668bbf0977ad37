import type { Executor } from '../../db/database.js';
import { dashboardLink } from '../mail/index.js';
import { rideCancelledMail } from '../marketplace/booking-mails.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import { listedRidesMail, tellDriversOfCancels, tellEachOnce } from '../marketplace/cancelled-together.js';
import type { CommuteRecord } from './commutes.repo.js';

type Commute = Pick<CommuteRecord, 'from' | 'to'>;

/**
 * To the driver: a standing passenger stopped their standing booking, or changed its terms so that these
 * bookings are no longer covered, and cancelled them in one step.
 */
export function mailDriverOfPassengerCancels(
  db: Executor,
  c: Commute,
  ended: readonly BookingRecord[],
  how: 'stopped' | 'changed',
  appUrl: string,
  nowMs: number,
): Promise<void> {
  const what = (bookings: BookingRecord[]) =>
    `${bookings[0]!.passenger.name} ${how} their standing booking on your commute from ${c.from} to ${c.to}, so their bookings on these ${bookings.length} rides are cancelled:`;
  return tellDriversOfCancels(db, ended, what, appUrl, nowMs, () => `${c.from} to ${c.to}`);
}

/** To each passenger of a stopped commute: their bookings on its rides still to come are cancelled. */
export function mailPassengersOfStoppedCommute(
  db: Executor,
  c: Commute,
  ended: readonly BookingRecord[],
  appUrl: string,
  nowMs: number,
): Promise<void> {
  const list = (bookings: BookingRecord[]) => {
    const b = bookings[0]!;
    const text = {
      hi: b.passenger.name,
      what: `${b.driver.name} stopped their commute from ${c.from} to ${c.to}, so your bookings on these ${bookings.length} rides are cancelled:`,
      then: 'Your seats are released; please look for another ride.',
    };
    const subject = `Rides cancelled: ${c.from} to ${c.to}`;
    return listedRidesMail(b.passenger.email, subject, text, bookings, dashboardLink(appUrl));
  };
  const single = (b: BookingRecord) => rideCancelledMail(b, appUrl);
  return tellEachOnce(db, ended, (b) => b.passenger.id, single, list, nowMs);
}
