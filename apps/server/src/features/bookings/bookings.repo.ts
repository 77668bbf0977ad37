import type { BookingStatus, Gender } from '@saathchalo/shared';
import { isPostgres, type Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import {
  bookingQuery,
  toBookingRecord,
  withRidePoints,
  type BookingRecord,
} from '../marketplace/booking-record.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';
import { fullName } from '../../lib/user-display.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { enqueueJob, jobInsert, jobKey } from '../jobs/index.js';
import { enqueueMail, isDeliverable, notificationInsert, type OutgoingMail } from '../mail/index.js';

export interface NewBooking {
  id: string;
  rideId: string;
  passengerId: string;
  seats: number;
  totalAmount: number;
  status: BookingStatus;
  pickupLocation: string | null;
  dropLocation: string | null;
  /** The segment: the legs fromStop .. toStop-1 hold its seats. */
  fromStop: number;
  toStop: number;
  pickupPlace: string;
  pickupAt: number;
  dropPlace: string;
  dropAt: number;
  /** The standing booking that makes it (section 8), which alone may cancel it when stopped. */
  subscriptionId?: string | null;
}

const bookingRow = (b: NewBooking & { now: number }) => ({
  id: b.id,
  ride_id: b.rideId,
  passenger_id: b.passengerId,
  seats_booked: b.seats,
  total_amount: b.totalAmount,
  status: b.status,
  payment_status: 'PENDING' as const,
  pickup_location: b.pickupLocation,
  drop_location: b.dropLocation,
  from_stop: b.fromStop,
  to_stop: b.toStop,
  pickup_place: b.pickupPlace,
  pickup_at: b.pickupAt,
  drop_place: b.dropPlace,
  drop_at: b.dropAt,
  subscription_id: b.subscriptionId ?? null,
  created_at: b.now,
  updated_at: b.now,
});

const insertBookingQuery = prepared((db: Executor, b: NewBooking & { now: number }) =>
  db.insertInto('bookings').values(bookingRow(b)),
);

export async function insertBooking(db: Executor, b: NewBooking, nowMs: number): Promise<void> {
  await insertBookingQuery(db, { ...b, now: nowMs });
}

/** What the one statement binds (db/prepared.ts binds flat values only). */
type BookingJobAndMail = NewBooking & {
  now: number;
  jobKey: string;
  jobKind: string;
  jobSubjectId: string;
  jobDueAt: number;
  mailTo: string;
  mailSubject: string;
  mailText: string;
  mailHtml: string;
};

/** PostgreSQL: the booking, its job and the driver's mail in one statement (decision 026). */
const insertBookingJobAndMailQuery = prepared((db: Executor, v: BookingJobAndMail) =>
  db
    .with('j', (qc) =>
      jobInsert(qc, {
        key: v.jobKey,
        kind: v.jobKind,
        subjectId: v.jobSubjectId,
        dueAt: v.jobDueAt,
        now: v.now,
      }).returning('key'),
    )
    .with('m', (qc) =>
      notificationInsert(qc, {
        to: v.mailTo,
        subject: v.mailSubject,
        text: v.mailText,
        html: v.mailHtml,
        now: v.now,
      }).returning('id'),
    )
    .insertInto('bookings')
    .values(bookingRow(v)),
);

/**
 * A new booking with its job and, unless the caller mails the driver itself, the driver's mail, all in
 * the caller's transaction: on PostgreSQL one statement (one round trip instead of three), on SQLite,
 * where a statement cannot insert into several tables and a statement costs no round trip, three.
 */
export async function writeBooking(
  db: Executor,
  b: NewBooking,
  job: Parameters<typeof enqueueJob>[1],
  mail: OutgoingMail | null,
  nowMs: number,
): Promise<void> {
  if (mail && !mail.lane && isDeliverable(mail.to) && isPostgres(db)) {
    await insertBookingJobAndMailQuery(db, {
      ...b,
      now: nowMs,
      jobKey: jobKey(job.kind, job.subjectId),
      jobKind: job.kind,
      jobSubjectId: job.subjectId,
      jobDueAt: job.dueAt,
      mailTo: mail.to,
      mailSubject: mail.subject,
      mailText: mail.text,
      mailHtml: mail.html,
    });
    return;
  }
  await insertBooking(db, b, nowMs);
  await enqueueJob(db, job, nowMs);
  if (mail) await enqueueMail(db, mail, nowMs);
}

interface BookingPassenger {
  contact: BookingRecord['passenger'];
  gender: Gender | null;
  /** Whether the passenger already holds a PENDING or CONFIRMED booking on the ride. */
  hasOpenBooking: boolean;
  /** Whether the passenger and the driver blocked each other, either way round (section 9). */
  blocked: boolean;
}

const bookingPassengerQuery = prepared(
  (db: Executor, v: { rideId: string; passengerId: string; driverId: string }) =>
    db
      .selectFrom('users as p')
      .select((eb) => [
        'p.first_name',
        'p.last_name',
        'p.phone',
        'p.email',
        'p.contact_visibility',
        'p.gender',
        eb
          .exists(
            eb
              .selectFrom('user_blocks as k')
              .select('k.blocker_id')
              .where((w) =>
                w.or([
                  w.and([w('k.blocker_id', '=', v.passengerId), w('k.blocked_id', '=', v.driverId)]),
                  w.and([w('k.blocker_id', '=', v.driverId), w('k.blocked_id', '=', v.passengerId)]),
                ]),
              ),
          )
          .as('blocked'),
        eb
          .exists(
            eb
              .selectFrom('bookings as b')
              .select('b.id')
              .where('b.ride_id', '=', v.rideId)
              .where('b.passenger_id', '=', v.passengerId)
              .where('b.status', 'in', OPEN_STATUSES),
          )
          .as('has_open'),
      ])
      .where('p.id', '=', v.passengerId),
);

/**
 * What a new booking needs to know about its passenger, in one statement: the contact shown to the
 * driver and whether an open booking on this ride exists (the partial unique index bookings_one_open
 * still decides races). Undefined when the user is gone.
 */
export async function findBookingPassenger(
  db: Executor,
  ride: { id: string; driverId: string },
  passengerId: string,
): Promise<BookingPassenger | undefined> {
  const [row] = (await bookingPassengerQuery(db, { rideId: ride.id, passengerId, driverId: ride.driverId }))
    .rows;
  if (!row) return undefined;
  return {
    contact: {
      id: passengerId,
      name: fullName(row.first_name, row.last_name),
      phone: row.phone,
      email: row.email,
      contactVisibility: row.contact_visibility,
    },
    gender: row.gender,
    // SQLite answers 0/1, PostgreSQL a boolean.
    hasOpenBooking: Boolean(row.has_open),
    blocked: Boolean(row.blocked),
  };
}

/** Whether the database refused a second open booking of a passenger on a ride (bookings_one_open). */
export const isOneOpenBookingViolation = (error: unknown) =>
  isUniqueViolation(error, {
    name: 'bookings_one_open',
    columns: 'bookings.ride_id, bookings.passenger_id',
  });

/**
 * A passenger's bookings, newest first. Bookings on deleted rides disappear with the ride,
 * except completed trips, which are history.
 */
export async function listPassengerBookings(db: Executor, passengerId: string): Promise<BookingRecord[]> {
  const rows = await bookingQuery(db)
    .where('b.passenger_id', '=', passengerId)
    .where((eb) => eb.or([eb('r.deleted_at', 'is', null), eb('b.status', '=', 'COMPLETED')]))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .execute();
  return withRidePoints(db, rows.map(toBookingRecord));
}

/**
 * The bookings made on a driver's rides, newest first, with the same rule for deleted rides: the
 * driver's rides through rides_driver, then each ride's bookings through bookings_ride.
 */
export function listDriverBookingsQuery(db: Executor, driverId: string) {
  return bookingQuery(db)
    .where('r.driver_id', '=', driverId)
    .where((eb) => eb.or([eb('r.deleted_at', 'is', null), eb('b.status', '=', 'COMPLETED')]))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id');
}

export async function listDriverBookings(db: Executor, driverId: string): Promise<BookingRecord[]> {
  return withRidePoints(db, (await listDriverBookingsQuery(db, driverId).execute()).map(toBookingRecord));
}
