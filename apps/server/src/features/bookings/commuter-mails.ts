import { istTime } from '@saathchalo/shared';
import { dashboardLink, paragraphsMail, type OutgoingMail } from '../mail/index.js';
import type { BookingRecord } from '../marketplace/booking-record.js';
import { pickupAndDrop } from '../marketplace/booking-mails.js';
import { placeAt } from '../marketplace/stops-presenter.js';

const trip = (b: BookingRecord) =>
  `${b.ride.from} to ${b.ride.to} on ${b.ride.departureDate} at ${b.ride.departureTime}`;
const seats = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

const mail = (to: string, subject: string, lines: string[], appUrl: string): OutgoingMail =>
  paragraphsMail(to, subject, lines, dashboardLink(appUrl));

/** To the passenger: the driver did not answer the request in time (its pickup and drop, as every booking mail names them). */
export function expiredToPassengerMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.passenger.email,
    `Booking request expired: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} did not answer your request for ${seats(b.seatsBooked)} on the ride from ${trip(b)} in time, so it has expired. Please look for another ride.`,
      pickupAndDrop(b),
    ],
    appUrl,
  );
}

/** To the driver: a request they did not answer has lapsed and its seats are free again. */
export function expiredToDriverMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.driver.email,
    `Booking request expired: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.driver.name},`,
      `The request of ${b.passenger.name} for ${seats(b.seatsBooked)} on your ride from ${trip(b)} was not answered in time and has expired. The seats are available again.`,
      pickupAndDrop(b),
    ],
    appUrl,
  );
}

/** An hour before the ride: to its driver (with who is coming) or to one confirmed passenger. */
export function reminderMail(
  b: BookingRecord,
  to: 'driver' | 'passenger',
  passengers: string[],
  appUrl: string,
): OutgoingMail {
  if (to === 'driver') {
    const subject = `Reminder: ${b.ride.from} to ${b.ride.to} at ${b.ride.departureTime}`;
    return mail(
      b.driver.email,
      subject,
      [
        `Hi ${b.driver.name},`,
        `Your ride from ${trip(b)} leaves in an hour. On board: ${passengers.join(', ')}.`,
      ],
      appUrl,
    );
  }
  // A passenger boarding at a later stop is told their own pickup, not the departure (an hour before
  // their pickup the ride may have left its start already).
  const subject = `Reminder: ${b.ride.from} to ${b.ride.to} at ${istTime(b.pickupAt ?? b.ride.departureAt)}`;
  return mail(
    b.passenger.email,
    subject,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} picks you up in an hour for the ride from ${trip(b)} (${seats(b.seatsBooked)}).`,
      pickupAndDrop(b),
      `Car: ${b.ride.carModel} (${b.ride.carNumber}).`,
    ],
    appUrl,
  );
}

/**
 * To the driver: the bookings a standing booking made when the passenger subscribed, in one mail
 * rather than one per ride (all of one passenger, seats and commute, soonest first).
 */
/**
 * One ride of a standing booking's summary: when it leaves, or, for a passenger who boards or leaves at
 * a stop, where and when they board and where they leave (the ride's start would send the driver to the
 * wrong place at the wrong time).
 */
function summaryLine(b: BookingRecord): string {
  const whole = b.fromStop === 0 && b.toStop >= b.ride.points.length - 1;
  if (whole) return `- ${b.ride.departureDate} at ${b.ride.departureTime}: Rs ${b.totalAmount}`;
  const pickup = placeAt(b.pickupPlace, b.pickupAt, b.ride.points[b.fromStop]);
  const drop = placeAt(b.dropPlace, b.dropAt, b.ride.points[b.toStop]);
  return `- ${pickup.date} at ${pickup.time}, ${pickup.place} to ${drop.place}: Rs ${b.totalAmount}`;
}

export function standingBookingsMail(bookings: readonly BookingRecord[], appUrl: string): OutgoingMail {
  const b = bookings[0]!;
  const instant = b.status === 'CONFIRMED';
  return mail(
    b.driver.email,
    `${instant ? 'New bookings' : 'Booking requests'}: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.driver.name},`,
      `${b.passenger.name} ${instant ? 'booked' : 'asked for'} ${seats(b.seatsBooked)} on ${bookings.length} rides of your commute from ${b.ride.from} to ${b.ride.to}. ${instant ? 'The bookings are confirmed.' : 'Please confirm or reject each request.'}`,
      ...bookings.map(summaryLine),
    ],
    appUrl,
  );
}
