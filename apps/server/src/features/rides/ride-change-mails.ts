import type { Executor } from '../../db/database.js';
import { enqueueMail } from '../mail/index.js';
import { pickupAndDrop, rideChangedMail } from '../marketplace/booking-mails.js';
import { listRideBookings, type BookingRecord } from '../marketplace/booking-record.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';

/** A booking's trip as its mails state it: where and when the passenger boards and leaves, and the car. */
const tripAsMailed = (b: BookingRecord, car: string) => `${pickupAndDrop(b)} ${car}`;

const carOf = (ride: { carModel: string; carNumber: string }) => `${ride.carModel} (${ride.carNumber})`;

/**
 * The open bookings' trips before an edit rewrites the ride's points, by booking id. Read under the ride's
 * row lock, so no booking comes or goes before the edit's mails are written.
 */
export async function openTripsBeforeEdit(
  db: Executor,
  rideId: string,
  car: { carModel: string; carNumber: string },
): Promise<Map<string, string>> {
  const open = await listRideBookings(db, rideId, OPEN_STATUSES);
  return new Map(open.map((b) => [b.id, tripAsMailed(b, carOf(car))]));
}

/**
 * After the edit: each passenger holding seats whose pickup, drop (place or time) or car changed is told,
 * once, with the new trip. One whose trip is as it was (a stop they do not use, the price) hears nothing.
 */
export async function mailChangedTrips(
  db: Executor,
  rideId: string,
  before: Map<string, string>,
  appUrl: string,
  nowMs: number,
): Promise<void> {
  for (const b of await listRideBookings(db, rideId, OPEN_STATUSES)) {
    if (before.get(b.id) === tripAsMailed(b, carOf(b.ride))) continue;
    await enqueueMail(db, rideChangedMail(b, appUrl), nowMs);
  }
}
