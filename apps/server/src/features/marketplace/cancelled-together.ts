import { dayShort, weekdayOf } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { dashboardLink, enqueueMail, paragraphsMail, type OutgoingMail } from '../mail/index.js';
import { bookingCancelledByPassengerMail, seats } from './booking-mails.js';
import type { BookingRecord } from './booking-record.js';
import { placeAt } from './stops-presenter.js';

/**
 * One action that ends many bookings at once (a standing booking stopped, a commute stopped, an account
 * deleted, a block) tells each person once. Here is what those mails share; each feature words its own.
 */

/** Where and when this person boards and leaves on one ride, with its weekday: a commuter thinks in days. */
export function rideLine(b: BookingRecord): string {
  const pickup = placeAt(b.pickupPlace, b.pickupAt, b.ride.points[b.fromStop]);
  const drop = placeAt(b.dropPlace, b.dropAt, b.ride.points[b.toStop]);
  const day = dayShort(weekdayOf(pickup.date));
  return `- ${day} ${pickup.date} at ${pickup.time}, ${pickup.place} to ${drop.place} (${seats(b.seatsBooked)})`;
}

const soonestFirst = (a: BookingRecord, b: BookingRecord) =>
  (a.pickupAt ?? a.ride.departureAt) - (b.pickupAt ?? b.ride.departureAt);

/**
 * What a mail about these rides names in its subject: their journey, "A to B", when they all run between
 * the same two places (a commute's return rides read as the commute, as its own mails name it), else how
 * many rides they are; naming one route of several would tell the reader the others were not touched.
 */
export function journeyOf(bookings: readonly BookingRecord[]): string {
  const ways = new Set(
    bookings.map(({ ride }) =>
      ride.direction === 'RETURN' ? `${ride.to} to ${ride.from}` : `${ride.from} to ${ride.to}`,
    ),
  );
  return ways.size === 1 ? [...ways][0]! : `${bookings.length} rides`;
}

/**
 * Tells each person once of the bookings one action ended: one booking keeps the single mail of section 5
 * (its text unchanged), several are one mail listing them, soonest first. Otherwise a standing booking of
 * two weeks of weekdays ended with about twenty mails at once.
 */
export async function tellEachOnce<T extends BookingRecord>(
  db: Executor,
  ended: readonly T[],
  personOf: (b: T) => string,
  single: (b: T) => OutgoingMail,
  list: (bookings: T[]) => OutgoingMail,
  nowMs: number,
): Promise<void> {
  const byPerson = new Map<string, T[]>();
  for (const b of ended) {
    const theirs = byPerson.get(personOf(b));
    if (theirs) theirs.push(b);
    else byPerson.set(personOf(b), [b]);
  }
  for (const bookings of byPerson.values()) {
    bookings.sort(soonestFirst);
    await enqueueMail(db, bookings.length === 1 ? single(bookings[0]!) : list(bookings), nowMs);
  }
}

/** The mail of several rides: a greeting, what ended them, one line per ride, what that leaves. */
export function listedRidesMail(
  to: string,
  subject: string,
  text: { hi: string; what: string; then: string },
  bookings: readonly BookingRecord[],
  link: { href: string; label: string },
): OutgoingMail {
  return paragraphsMail(to, subject, [`Hi ${text.hi},`, ...ridesList(text.what, bookings, text.then)], link);
}

/** One list of such a mail: what ended the rides, one line per ride, soonest first, and what that leaves. */
export function ridesList(what: string, bookings: readonly BookingRecord[], then: string): string[] {
  return [what, ...[...bookings].sort(soonestFirst).map(rideLine), then];
}

/** What a driver's listed-rides mail ends with. */
export const SEATS_AVAILABLE = 'The seats are available again.';

/**
 * To each driver, once, of the bookings a passenger's step cancelled: the single passenger's-cancel mail
 * for one, else `Bookings cancelled: <journey>` listing them, `what` saying which step it was.
 */
export function tellDriversOfCancels(
  db: Executor,
  ended: readonly BookingRecord[],
  what: (bookings: BookingRecord[]) => string,
  appUrl: string,
  nowMs: number,
  journey: (bookings: BookingRecord[]) => string = journeyOf,
): Promise<void> {
  const list = (bookings: BookingRecord[]) => {
    const b = bookings[0]!;
    const text = { hi: b.driver.name, what: what(bookings), then: SEATS_AVAILABLE };
    const subject = `Bookings cancelled: ${journey(bookings)}`;
    return listedRidesMail(b.driver.email, subject, text, bookings, dashboardLink(appUrl));
  };
  const single = (b: BookingRecord) => bookingCancelledByPassengerMail(b, appUrl);
  return tellEachOnce(db, ended, (b) => b.driver.id, single, list, nowMs);
}
