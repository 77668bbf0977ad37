import { scheduleJob, type JobContext, type JobHandlers } from '../jobs/index.js';
import { enqueueMail } from '../mail/index.js';
import { findBooking, listRideBookings } from '../marketplace/booking-record.js';
import { findRide } from '../marketplace/ride-record.js';
import { cancelOpenBooking, lockRide } from '../marketplace/seats.js';
import { expiredToDriverMail, expiredToPassengerMail, reminderMail } from './commuter-mails.js';

const HOUR = 3_600_000;
/** A request the driver has not answered lapses after 12 hours, or 1 hour before the pickup if sooner. */
export const EXPIRE_AFTER_MS = 12 * HOUR;
export const EXPIRE_BEFORE_PICKUP_MS = HOUR;
export const REMIND_BEFORE_MS = HOUR;

/**
 * A request made inside the last hour before the pickup would be past its deadline as it is made, and
 * lapse before the driver could see it: the driver gets this long instead, up to the pickup.
 */
export const LATE_REQUEST_ANSWER_MS = HOUR / 4;

export function expiryDeadline(createdAt: number, departureAt: number): number {
  const usual = Math.min(createdAt + EXPIRE_AFTER_MS, departureAt - EXPIRE_BEFORE_PICKUP_MS);
  return usual > createdAt ? usual : Math.min(createdAt + LATE_REQUEST_ANSWER_MS, departureAt);
}

export const expiryJob = (bookingId: string, createdAt: number, departureAt: number) => ({
  kind: 'expire-booking',
  subjectId: bookingId,
  dueAt: expiryDeadline(createdAt, departureAt),
});

export const reminderJob = (rideId: string, departureAt: number) => ({
  kind: 'remind-ride',
  subjectId: rideId,
  dueAt: departureAt - REMIND_BEFORE_MS,
});

/** A confirmed passenger's own reminder, an hour before their pickup (a later stop boards later). */
export const bookingReminderJob = (bookingId: string, pickupAt: number) => ({
  kind: 'remind-booking',
  subjectId: bookingId,
  dueAt: pickupAt - REMIND_BEFORE_MS,
});

/**
 * Cancels a booking still PENDING at its deadline (cancelReason EXPIRED), its seats released through the
 * marketplace's seat operations, with a mail to each side. A booking answered meanwhile is left alone.
 */
async function expireBooking({ trx, after, now, subjectId }: JobContext, appUrl: string) {
  const booking = await findBooking(trx, subjectId);
  if (!booking || booking.status !== 'PENDING') return;
  const deadline = expiryDeadline(booking.createdAt, booking.pickupAt ?? booking.ride.departureAt);
  if (deadline > now) return { againAt: deadline };
  await lockRide(trx, booking.rideId, now);
  if (!(await cancelOpenBooking(trx, booking, now, 'EXPIRED', ['PENDING']))) return;
  await enqueueMail(trx, expiredToPassengerMail(booking, appUrl), now);
  await enqueueMail(trx, expiredToDriverMail(booking, appUrl), now);
  after.ridesChanged([booking.ride]);
}

/**
 * The driver's reminder an hour before the departure. The job is enqueued when the first passenger is
 * confirmed, so a ride nobody is on costs no job and sends no noise to a driver who may not go. None for
 * a ride cancelled or already gone (a reminder after the pickup helps nobody: after downtime, only rides
 * still ahead are reminded). It also schedules each confirmed passenger's own reminder at their pickup
 * (a job per booking, keyed by it, so each passenger is mailed once even when this one runs again).
 */
async function remindRide({ trx, now, subjectId }: JobContext, appUrl: string) {
  const ride = await findRide(trx, subjectId);
  if (!ride || ride.status !== 'ACTIVE' || ride.departureAt <= now) return;
  if (ride.departureAt - REMIND_BEFORE_MS > now) return { againAt: ride.departureAt - REMIND_BEFORE_MS };
  const onBoard = await listRideBookings(trx, ride.id, ['CONFIRMED']);
  if (onBoard.length === 0) return;
  const passengers = onBoard.map((b) => b.passenger.name);
  await enqueueMail(trx, reminderMail(onBoard[0]!, 'driver', passengers, appUrl), now);
  for (const b of onBoard)
    await scheduleJob(trx, bookingReminderJob(b.id, b.pickupAt ?? ride.departureAt), now);
}

/** A confirmed passenger's reminder, an hour before their pickup; none once cancelled or gone. */
async function remindBooking({ trx, now, subjectId }: JobContext, appUrl: string) {
  const b = await findBooking(trx, subjectId);
  if (!b || b.status !== 'CONFIRMED' || b.ride.status !== 'ACTIVE') return;
  const pickupAt = b.pickupAt ?? b.ride.departureAt;
  if (pickupAt <= now) return;
  if (pickupAt - REMIND_BEFORE_MS > now) return { againAt: pickupAt - REMIND_BEFORE_MS };
  await enqueueMail(trx, reminderMail(b, 'passenger', [], appUrl), now);
}

/** The bookings feature's jobs, by kind. */
export const bookingJobHandlers = (appUrl: string): JobHandlers => ({
  'expire-booking': (ctx) => expireBooking(ctx, appUrl),
  'remind-ride': (ctx) => remindRide(ctx, appUrl),
  'remind-booking': (ctx) => remindBooking(ctx, appUrl),
});
