import { dashboardLink, paragraphsMail, type OutgoingMail } from '../mail/index.js';
import type { BookingRecord } from './booking-record.js';
import { placeAt } from './stops-presenter.js';

function trip(b: BookingRecord): string {
  return `${b.ride.from} to ${b.ride.to} on ${b.ride.departureDate} at ${b.ride.departureTime}`;
}

/** Where the passenger boards and leaves: a stop, or a place on the way (CONTRACT.md section 7). */
export function pickupAndDrop(b: BookingRecord): string {
  const pickup = placeAt(b.pickupPlace, b.pickupAt, b.ride.points[b.fromStop]);
  const drop = placeAt(b.dropPlace, b.dropAt, b.ride.points[b.toStop]);
  return `Pickup: ${pickup.place}, ${pickup.date} at ${pickup.time}. Drop: ${drop.place}, ${drop.date} at ${drop.time}.`;
}

/** How many seats, as every booking mail says it. */
export function seats(n: number): string {
  return n === 1 ? '1 seat' : `${n} seats`;
}

const mail = (to: string, subject: string, lines: string[], appUrl: string): OutgoingMail =>
  paragraphsMail(to, subject, lines, dashboardLink(appUrl));

/** To the driver: someone asked for seats (or took them at once on an instant-booking ride). */
export function bookingRequestMail(b: BookingRecord, appUrl: string): OutgoingMail {
  const instant = b.status === 'CONFIRMED';
  return mail(
    b.driver.email,
    instant
      ? `New booking: ${b.ride.from} to ${b.ride.to}`
      : `Booking request: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.driver.name},`,
      instant
        ? `${b.passenger.name} booked ${seats(b.seatsBooked)} on your ride from ${trip(b)}. The booking is confirmed.`
        : `${b.passenger.name} asked for ${seats(b.seatsBooked)} on your ride from ${trip(b)}. Please confirm or reject the request.`,
      pickupAndDrop(b),
      `Amount: Rs ${b.totalAmount}.`,
    ],
    appUrl,
  );
}

/** To the passenger: the driver confirmed the request. */
export function bookingConfirmedMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.passenger.email,
    `Booking confirmed: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} confirmed your booking of ${seats(b.seatsBooked)} for the ride from ${trip(b)}.`,
      pickupAndDrop(b),
      `Car: ${b.ride.carModel} (${b.ride.carNumber}). Amount: Rs ${b.totalAmount}.`,
    ],
    appUrl,
  );
}

/** To the passenger: the driver rejected the request (or removed them). */
export function bookingRejectedMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.passenger.email,
    `Booking not accepted: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} could not take your booking for the ride from ${trip(b)}. Your seats were released; please look for another ride.`,
      pickupAndDrop(b),
    ],
    appUrl,
  );
}

/** To the driver: the passenger cancelled. */
export function bookingCancelledByPassengerMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.driver.email,
    `Booking cancelled: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.driver.name},`,
      `${b.passenger.name} cancelled their booking of ${seats(b.seatsBooked)} on your ride from ${trip(b)}. The seats are available again.`,
      pickupAndDrop(b),
    ],
    appUrl,
  );
}

/** To the passenger: the driver cancelled or deleted the whole ride. */
export function rideCancelledMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.passenger.email,
    `Ride cancelled: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} cancelled the ride from ${trip(b)}, so your booking of ${seats(b.seatsBooked)} is cancelled.`,
      pickupAndDrop(b),
    ],
    appUrl,
  );
}

/** To a passenger holding seats: the driver's edit moved their pickup or drop, or changed the car. */
export function rideChangedMail(b: BookingRecord, appUrl: string): OutgoingMail {
  return mail(
    b.passenger.email,
    `Ride changed: ${b.ride.from} to ${b.ride.to}`,
    [
      `Hi ${b.passenger.name},`,
      `${b.driver.name} changed the ride you booked ${seats(b.seatsBooked)} on. It is now the ride from ${trip(b)}.`,
      pickupAndDrop(b),
      `Car: ${b.ride.carModel} (${b.ride.carNumber}).`,
      'If this no longer suits you, you can cancel your booking from your dashboard.',
    ],
    appUrl,
  );
}
