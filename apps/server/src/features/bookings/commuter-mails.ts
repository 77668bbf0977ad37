import { mailLayout, type OutgoingMail } from '../mail/index.js';
import type { BookingRecord } from '../marketplace/booking-record.js';

const trip = (b: BookingRecord) =>
  `${b.ride.from} to ${b.ride.to} on ${b.ride.departureDate} at ${b.ride.departureTime}`;
const seats = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);

function mail(to: string, subject: string, lines: string[], appUrl: string): OutgoingMail {
  const link = `${appUrl}/dashboard`;
  const text = [...lines, '', `Open your dashboard: ${link}`, '', 'SaathChalo'].join('\n');
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, lines, { href: link, label: 'Open your dashboard' }),
  };
}

/** To the passenger: the driver did not answer the request in time. */
export function expiredToPassengerMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.passenger.email,
    `Booking request expired: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} did not answer your request for ${seats(b.seatsBooked)} on the ride from ${trip(b)} in time, so it has expired. Please look for another ride.`,
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
  const subject = `Reminder: ${b.ride.from} to ${b.ride.to} at ${b.ride.departureTime}`;
  if (to === 'driver') {
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
  return mail(
    b.passenger.email,
    subject,
    [
      `Hi ${b.passenger.name},`,
      `Your ride from ${trip(b)} with ${b.driver.name} leaves in an hour (${seats(b.seatsBooked)}).`,
      `Car: ${b.ride.carModel} (${b.ride.carNumber}).`,
    ],
    appUrl,
  );
}
