import { sql, type Kysely } from 'kysely';
import { planRoute } from '../../features/marketplace/route-plan.js';
import { locatePlace } from '../../features/places/index.js';

/**
 * Rides along the way (CONTRACT.md section 7, decision 019):
 *
 * - `ride_points`: every point of every ride in travel order (index 0 is `from`, the last is `to`), with
 *   its place, coordinates when the gazetteer knows it, IST date and time and UTC instant, whether the
 *   time was estimated, kilometres from the start, and the seats free on the leg that starts there
 *   (`seats_to_next`, null on the last point). A ride without stops has two points.
 * - `rides.distance_km`: great-circle kilometres along the points (null without coordinates). `rides.
 *   available_seats` stays, as the minimum over the legs: what is free on the whole route.
 * - `bookings.from_stop`, `to_stop`: the points where the passenger boards and leaves; `pickup_*`,
 *   `drop_*`: the place and instant of each (a searched place on the way can differ from the stop's).
 *
 * Existing rides get their two points and bookings the whole route.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_points')
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('place_id', 'text', (c) => c.references('places.id'))
    .addColumn('place_name', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('km_from_start', 'double precision')
    .addColumn('seats_to_next', 'integer', (c) => c.check(sql`seats_to_next >= 0`))
    .addPrimaryKeyConstraint('ride_points_pk', ['ride_id', 'idx'])
    .execute();
  await db.schema.alterTable('rides').addColumn('distance_km', 'double precision').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('from_stop', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Every ride has two points until now, so the whole route ends at point 1.
  await db.schema
    .alterTable('bookings')
    .addColumn('to_stop', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of ['pickup_place', 'drop_place']) {
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  }
  for (const column of ['pickup_at', 'drop_at']) {
    await db.schema.alterTable('bookings').addColumn(column, 'bigint').execute();
  }
  await backfillPoints(db);
  await sql`update bookings set
      pickup_place = (select place_name from ride_points p where p.ride_id = bookings.ride_id and p.idx = 0),
      pickup_at = (select at from ride_points p where p.ride_id = bookings.ride_id and p.idx = 0),
      drop_place = (select place_name from ride_points p where p.ride_id = bookings.ride_id and p.idx = 1),
      drop_at = (select at from ride_points p where p.ride_id = bookings.ride_id and p.idx = 1)`.execute(db);
}

const PAGE = 500;

/** Two points per ride, page by page in id order, with the gazetteer's coordinates where the name matches. */
async function backfillPoints(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rides: RideRow[] = await db
      .selectFrom('rides')
      .select(['id', 'from_place_id', 'to_place_id', 'from_name', 'to_name'])
      .select(['departure_date', 'departure_time', 'available_seats'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rides.length === 0) return;
    after = rides[rides.length - 1]!.id;
    for (const ride of rides) await backfillRide(db, ride);
  }
}

interface RideRow {
  id: string;
  from_place_id: string;
  to_place_id: string;
  from_name: string;
  to_name: string;
  departure_date: string;
  departure_time: string;
  available_seats: number;
}

async function backfillRide(db: Kysely<any>, ride: RideRow): Promise<void> {
  const point = (place: string, placeId: string) => {
    const at = locatePlace(place);
    return { place, placeId, time: null, lat: at?.lat ?? null, lng: at?.lng ?? null };
  };
  const plan = planRoute(ride.departure_date, ride.departure_time, [
    point(ride.from_name, ride.from_place_id),
    point(ride.to_name, ride.to_place_id),
  ]);
  if (!plan.ok) throw new Error(`ride ${ride.id}: ${plan.message}`);
  await db
    .insertInto('ride_points')
    .values(
      plan.points.map((p, i) => ({
        ride_id: ride.id,
        idx: p.idx,
        place_id: p.placeId,
        place_name: p.place,
        lat: p.lat,
        lng: p.lng,
        departure_date: p.date,
        departure_time: p.time,
        at: p.at,
        estimated: p.estimated ? 1 : 0,
        km_from_start: p.kmFromStart,
        seats_to_next: i < plan.points.length - 1 ? ride.available_seats : null,
      })),
    )
    .execute();
  if (plan.distanceKm !== null) {
    await db.updateTable('rides').set({ distance_km: plan.distanceKm }).where('id', '=', ride.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['from_stop', 'to_stop', 'pickup_place', 'drop_place', 'pickup_at', 'drop_at']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
  await db.schema.alterTable('rides').dropColumn('distance_km').execute();
  await db.schema.dropTable('ride_points').execute();
}
