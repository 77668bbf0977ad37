import type { FastifyInstance } from 'fastify';
import { addDays, istToUtcMs } from '@saathchalo/shared';
import type { Trx } from '../../db/database.js';
import { todayIst } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { insertBooking } from '../bookings/index.js';
import { recordRideOutcome } from '../marketplace/audience.js';
import { writeRidePoints } from '../marketplace/ride-points.js';
import { recomputeAvailableSeats } from '../marketplace/seats.js';
import { takeSeats } from '../marketplace/take-seats.js';
import { resolveSegment } from '../marketplace/segment.js';
import { adjustRideCount, type PlaceMatchCache } from '../places/index.js';
import { addToUserStats, insertRating } from '../ratings/index.js';
import { changeRideStatus, insertRide, planRideRoute, type PlannedRoute } from '../rides/index.js';
import { anyUserExists, insertDemoUser } from './demo.repo.js';

/** Every demo account signs in with this password (listed in the README). */
export const DEMO_PASSWORD = 'saathchalo123';

export const DEMO_USERS = [
  { key: 'priya', first: 'Priya', last: 'Sharma', email: 'priya@demo.saathchalo.in', phone: '9876501234', location: 'Bengaluru, Karnataka', bio: 'Software engineer; drive to Mysuru most weekends.' },
  { key: 'rahul', first: 'Rahul', last: 'Verma', email: 'rahul@demo.saathchalo.in', phone: '9812345670', location: 'Gurugram, Haryana', bio: 'Daily Gurugram to Delhi commuter, happy to share the ride.' },
  { key: 'ananya', first: 'Ananya', last: 'Iyer', email: 'ananya@demo.saathchalo.in', phone: '9988776655', location: 'Chennai, Tamil Nadu', bio: 'Student. Quiet passenger, always on time.' },
  { key: 'arjun', first: 'Arjun', last: 'Nair', email: 'arjun@demo.saathchalo.in', phone: '9123456789', location: 'Mumbai, Maharashtra', bio: 'Mumbai to Pune every Friday evening.' },
  { key: 'sneha', first: 'Sneha', last: 'Patel', email: 'sneha@demo.saathchalo.in', phone: '9090909090', location: 'Ahmedabad, Gujarat', bio: null },
] as const;

type Key = (typeof DEMO_USERS)[number]['key'];

interface DemoRide {
  driver: Key;
  from: string;
  to: string;
  /** Places on the way, from the gazetteer (a third of the rides, as the bench seeder makes). */
  stops?: string[];
  inDays: number;
  time: string;
  seats: number;
  price: number;
  car: [string, string];
  instant?: boolean;
  info?: string;
  /** toStop: a passenger leaving before the end (default the whole route). */
  bookings?: { passenger: Key; seats: number; toStop?: number }[];
}

// Real routes commuters share, spread over the next days.
const RIDES: DemoRide[] = [
  { driver: 'priya', from: 'Bengaluru', to: 'Mysuru', stops: ['Maddur', 'Mandya'], inDays: 1, time: '07:30', seats: 3, price: 350, car: ['Hyundai i20', 'KA05MN4321'], instant: true, info: 'Breakfast stop at Maddur.', bookings: [{ passenger: 'ananya', seats: 1 }] },
  { driver: 'priya', from: 'Mysuru', to: 'Bengaluru', inDays: 2, time: '17:00', seats: 3, price: 350, car: ['Hyundai i20', 'KA05MN4321'], bookings: [{ passenger: 'sneha', seats: 2 }] },
  { driver: 'priya', from: 'Bengaluru', to: 'Chennai', stops: ['Hosur', 'Krishnagiri', 'Vellore'], inDays: 4, time: '06:00', seats: 2, price: 800, car: ['Hyundai i20', 'KA05MN4321'] },
  { driver: 'rahul', from: 'Gurugram', to: 'New Delhi', inDays: 1, time: '08:45', seats: 4, price: 150, car: ['Maruti Suzuki Dzire', 'HR26DK7788'], instant: true, info: 'Drop near Connaught Place.', bookings: [{ passenger: 'arjun', seats: 1 }] },
  { driver: 'rahul', from: 'New Delhi', to: 'Jaipur', stops: ['Gurugram', 'Neemrana'], inDays: 3, time: '06:30', seats: 3, price: 700, car: ['Maruti Suzuki Dzire', 'HR26DK7788'] },
  { driver: 'rahul', from: 'New Delhi', to: 'Chandigarh', stops: ['Panipat', 'Karnal', 'Ambala'], inDays: 5, time: '07:00', seats: 3, price: 650, car: ['Maruti Suzuki Dzire', 'HR26DK7788'] },
  { driver: 'arjun', from: 'Mumbai', to: 'Pune', stops: ['Lonavala'], inDays: 1, time: '18:30', seats: 4, price: 450, car: ['Tata Nexon', 'MH02AB1234'], info: 'Via the Expressway; one small bag each.', bookings: [{ passenger: 'ananya', seats: 1 }, { passenger: 'priya', seats: 1, toStop: 1 }] },
  { driver: 'arjun', from: 'Pune', to: 'Mumbai', inDays: 3, time: '07:15', seats: 4, price: 450, car: ['Tata Nexon', 'MH02AB1234'], instant: true },
  { driver: 'arjun', from: 'Mumbai', to: 'Nashik', inDays: 6, time: '09:00', seats: 2, price: 500, car: ['Tata Nexon', 'MH02AB1234'] },
  { driver: 'sneha', from: 'Ahmedabad', to: 'Vadodara', inDays: 2, time: '08:00', seats: 3, price: 250, car: ['Honda City', 'GJ01XY9090'], instant: true, bookings: [{ passenger: 'rahul', seats: 1 }] },
  { driver: 'sneha', from: 'Ahmedabad', to: 'Udaipur', inDays: 5, time: '05:45', seats: 3, price: 900, car: ['Honda City', 'GJ01XY9090'] },
  { driver: 'ananya', from: 'Chennai', to: 'Puducherry', inDays: 2, time: '10:00', seats: 2, price: 400, car: ['Maruti Suzuki Swift', 'TN09CD5566'], info: 'East Coast Road, music welcome.' },
  { driver: 'ananya', from: 'Hyderabad', to: 'Vijayawada', inDays: 4, time: '06:15', seats: 3, price: 600, car: ['Maruti Suzuki Swift', 'TN09CD5566'] },
  { driver: 'priya', from: 'Kochi', to: 'Munnar', inDays: 7, time: '08:30', seats: 3, price: 550, car: ['Hyundai i20', 'KA05MN4321'] },
];

/**
 * Fills an empty database with demo users and rides between real Indian cities over the next
 * days, some already booked, and one completed trip with ratings, so a newcomer sees a living
 * product. Does nothing when any user exists. Writes no mails: nobody asked for them.
 */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<boolean> {
  const { db, clock } = app.deps;
  if (await anyUserExists(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = clock.now();
  const today = todayIst(clock);
  const seeded = await app.deps.unitOfWork(async (trx, after) => {
    // Checked again inside the transaction: two servers starting at once seed only once.
    if (await anyUserExists(trx)) return false;
    const ids = {} as Record<Key, string>;
    for (const u of DEMO_USERS) {
      ids[u.key] = newId();
      await insertDemoUser(
        trx,
        { id: ids[u.key], email: u.email, firstName: u.first, lastName: u.last, phone: u.phone, location: u.location, bio: u.bio, passwordHash },
        now,
      );
    }
    for (const r of RIDES) {
      const ride = await addRide(trx, app.deps.placeMatches, ids[r.driver], r, addDays(today, r.inDays), now);
      for (const b of r.bookings ?? []) await addBooking(trx, ride, ids[b.passenger], b, r, now);
    }
    await addCompletedTrip(trx, app.deps.placeMatches, ids, addDays(today, -3), now);
    after.everythingChanged();
    return true;
  });
  if (seeded) {
    app.log.info({ users: DEMO_USERS.map((u) => u.email), password: DEMO_PASSWORD }, 'demo data seeded');
  }
  return seeded;
}

interface DemoRideRow {
  id: string;
  route: PlannedRoute;
}

async function addRide(trx: Trx, places: PlaceMatchCache, driverId: string, r: DemoRide, date: string, now: number): Promise<DemoRideRow> {
  const stops = (r.stops ?? []).map((place) => ({ place, time: null }));
  const route = await planRideRoute(trx, places, { from: r.from, to: r.to, stops, departureDate: date, departureTime: r.time }, now);
  const id = newId();
  await insertRide(
    trx,
    {
      id,
      driverId,
      fromPlaceId: route.from.id,
      toPlaceId: route.to.id,
      from: route.from.name,
      to: route.to.name,
      departureDate: date,
      departureTime: r.time,
      departureAt: istToUtcMs(date, r.time),
      totalSeats: r.seats,
      pricePerSeat: r.price,
      carModel: r.car[0],
      carNumber: r.car[1],
      additionalInfo: r.info ?? null,
      instantBooking: r.instant ?? false,
      distanceKm: route.distanceKm,
    },
    now,
  );
  await writeRidePoints(trx, id, route.points, r.seats);
  await adjustRideCount(trx, route.from.id, 1);
  await adjustRideCount(trx, route.to.id, 1);
  return { id, route };
}

async function addBooking(trx: Trx, ride: DemoRideRow, passengerId: string, b: { seats: number; toStop?: number }, r: DemoRide, now: number) {
  const points = ride.route.points.map((p, i) => ({ ...p, seatsToNext: i < ride.route.points.length - 1 ? r.seats : null }));
  const segment = resolveSegment(points, ride.route.distanceKm, r.price, { fromStop: 0, toStop: b.toStop ?? points.length - 1, pickupPlace: null, dropPlace: null });
  // The same seat rule as a real booking, so the demo data satisfies the legs' counts.
  const taken = await takeSeats(trx, { rideId: ride.id, from: segment.fromStop, to: segment.toStop }, b.seats, now);
  if (!taken.ok) throw new Error(`demo ride ${r.from}-${r.to} has no ${b.seats} seats`);
  await insertBooking(
    trx,
    {
      id: newId(),
      rideId: ride.id,
      passengerId,
      seats: b.seats,
      totalAmount: b.seats * segment.pricePerSeat,
      status: r.instant ? 'CONFIRMED' : 'PENDING',
      pickupLocation: null,
      dropLocation: null,
      fromStop: segment.fromStop,
      toStop: segment.toStop,
      pickupPlace: segment.pickup.place,
      pickupAt: segment.pickup.at,
      dropPlace: segment.drop.place,
      dropAt: segment.drop.at,
    },
    now,
  );
}

/** A trip three days ago, completed, with the passenger and driver having rated each other. */
async function addCompletedTrip(trx: Trx, places: PlaceMatchCache, ids: Record<Key, string>, date: string, now: number) {
  const trip: DemoRide = { driver: 'arjun', from: 'Pune', to: 'Mumbai', inDays: -3, time: '08:00', seats: 3, price: 450, car: ['Tata Nexon', 'MH02AB1234'], instant: true };
  // Inserted directly: the rules forbid offering or booking in the past, but history exists.
  const ride = await addRide(trx, places, ids.arjun, trip, date, now);
  const rideId = ride.id;
  await changeRideStatus(trx, rideId, 'ACTIVE', 'COMPLETED', now);
  await recordRideOutcome(trx, { id: rideId, driverId: ids.arjun }, 'COMPLETED', now);
  const [start, end] = [ride.route.points[0]!, ride.route.points[ride.route.points.length - 1]!];
  await insertBooking(
    trx,
    {
      id: newId(),
      rideId,
      passengerId: ids.sneha,
      seats: 1,
      totalAmount: 450,
      status: 'COMPLETED',
      pickupLocation: 'Shivajinagar',
      dropLocation: 'Dadar',
      fromStop: 0,
      toStop: end.idx,
      pickupPlace: start.place,
      pickupAt: start.at,
      dropPlace: end.place,
      dropAt: end.at,
    },
    now,
  );
  await recomputeAvailableSeats(trx, rideId, now);
  const ratings = [
    { rater: ids.sneha, ratee: ids.arjun, rating: 5, comment: 'Safe driver, left right on time.' },
    { rater: ids.arjun, ratee: ids.sneha, rating: 4, comment: 'Pleasant company.' },
  ];
  for (const g of ratings) {
    await insertRating(trx, { id: newId(), rideId, raterId: g.rater, rateeId: g.ratee, rating: g.rating, comment: g.comment }, now);
    await addToUserStats(trx, g.ratee, g.rating, now);
  }
}
