import { dayShort } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { dashboardLink, enqueueMail, paragraphsMail, type OutgoingMail } from '../mail/index.js';
import { bookingCancelledByPassengerMail, rideCancelledMail } from '../marketplace/booking-mails.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import { placeAt } from '../marketplace/stops-presenter.js';
import { weekdayOf } from './commute-dates.js';
import type { CommuteRecord } from './commutes.repo.js';

type Commute = Pick<CommuteRecord, 'from' | 'to'>;

const seats = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

/** Where and when this person boards and leaves on one ride, with its weekday: a commuter thinks in days. */
function rideLine(b: BookingRecord): string {
  const pickup = placeAt(b.pickupPlace, b.pickupAt, b.ride.points[b.fromStop]);
  const drop = placeAt(b.dropPlace, b.dropAt, b.ride.points[b.toStop]);
  const day = dayShort(weekdayOf(pickup.date));
  return `- ${day} ${pickup.date} at ${pickup.time}, ${pickup.place} to ${drop.place} (${seats(b.seatsBooked)})`;
}

const soonestFirst = (a: BookingRecord, b: BookingRecord) =>
  (a.pickupAt ?? a.ride.departureAt) - (b.pickupAt ?? b.ride.departureAt);

/**
 * Tells each person once of the bookings one action ended: one booking keeps the single mail of section 5
 * (its text unchanged), several are one mail listing them. Otherwise a standing booking of two weeks of
 * weekdays ended with about twenty mails at once.
 */
async function tellEachOnce(
  db: Executor,
  ended: readonly BookingRecord[],
  personOf: (b: BookingRecord) => string,
  single: (b: BookingRecord) => OutgoingMail,
  list: (bookings: BookingRecord[]) => OutgoingMail,
  nowMs: number,
): Promise<void> {
  const byPerson = new Map<string, BookingRecord[]>();
  for (const b of ended) byPerson.set(personOf(b), [...(byPerson.get(personOf(b)) ?? []), b]);
  for (const bookings of byPerson.values()) {
    bookings.sort(soonestFirst);
    await enqueueMail(db, bookings.length === 1 ? single(bookings[0]!) : list(bookings), nowMs);
  }
}

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
  const list = (bookings: BookingRecord[]) => {
    const b = bookings[0]!;
    const lines = [
      `Hi ${b.driver.name},`,
      `${b.passenger.name} ${how} their standing booking on your commute from ${c.from} to ${c.to}, so their bookings on these ${bookings.length} rides are cancelled:`,
      ...bookings.map(rideLine),
      'The seats are available again.',
    ];
    const subject = `Bookings cancelled: ${c.from} to ${c.to}`;
    return paragraphsMail(b.driver.email, subject, lines, dashboardLink(appUrl));
  };
  const single = (b: BookingRecord) => bookingCancelledByPassengerMail(b, appUrl);
  return tellEachOnce(db, ended, (b) => b.driver.id, single, list, nowMs);
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
    const lines = [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} stopped their commute from ${c.from} to ${c.to}, so your bookings on these ${bookings.length} rides are cancelled:`,
      ...bookings.map(rideLine),
      'Your seats are released; please look for another ride.',
    ];
    const subject = `Rides cancelled: ${c.from} to ${c.to}`;
    return paragraphsMail(b.passenger.email, subject, lines, dashboardLink(appUrl));
  };
  const single = (b: BookingRecord) => rideCancelledMail(b, appUrl);
  return tellEachOnce(db, ended, (b) => b.passenger.id, single, list, nowMs);
}
