import { istToUtcMs } from '@saathchalo/shared';
import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { RidePointsTable, RidesTable } from '../db/schema.js';
import { rideRow } from './factories.js';
import type { MaskLayout } from '../features/marketplace/ahead-masks.js';
import { cellRows, cellRowsOfStored } from '../features/marketplace/ride-cells.js';
import { distanceKm } from '../features/places/great-circle.js';

type GridRide = Insertable<RidesTable> & { id: string };

/** Rides to insert with their points and grid cells. */
export interface GridRows {
  rides: GridRide[];
  points: Insertable<RidePointsTable>[];
  cells: ReturnType<typeof cellRows>;
}

/**
 * A ride's points along `route` (coordinates, the ends and any stops between), reached at 90 s a km
 * from its departure, and its grid cells: what an offer writes, for tests that write thousands of
 * rides straight to the tables.
 */
export function routeRows(ride: GridRide, route: readonly { lat: number; lng: number }[]) {
  const last = route.length - 1;
  let km = 0;
  const points = route.map((p, idx) => {
    if (idx > 0) km += distanceKm(route[idx - 1]!.lat, route[idx - 1]!.lng, p.lat, p.lng);
    return {
      ride_id: ride.id,
      idx,
      place_id: null,
      place_name: `Point ${idx}`,
      lat: p.lat,
      lng: p.lng,
      departure_date: ride.departure_date,
      departure_time: ride.departure_time,
      at: istToUtcMs(ride.departure_date, ride.departure_time) + Math.round(km * 90_000),
      estimated: idx > 0 && idx < last ? 1 : 0,
      km_from_start: Math.round(km * 10) / 10,
      seats_to_next: idx < last ? (ride.available_seats ?? null) : null,
    } satisfies Insertable<RidePointsTable>;
  });
  return { points, cells: cellRows(ride.id, points) };
}

/** Adds a ride to `batch` with its points and cells along `route` (routeRows). */
export function addGridRide(batch: GridRows, ride: GridRide, route: readonly { lat: number; lng: number }[]) {
  const { points, cells } = routeRows(ride, route);
  batch.rides.push(ride);
  batch.points.push(...points);
  batch.cells.push(...cells);
}

/** Rides, their points and their cells, 500 rows a statement. */
export async function insertGridRides(db: Executor, rows: GridRows): Promise<void> {
  const BATCH = 500;
  for (let i = 0; i < rows.rides.length; i += BATCH)
    await db
      .insertInto('rides')
      .values(rows.rides.slice(i, i + BATCH))
      .execute();
  for (let i = 0; i < rows.points.length; i += BATCH)
    await db
      .insertInto('ride_points')
      .values(rows.points.slice(i, i + BATCH))
      .execute();
  for (let i = 0; i < rows.cells.length; i += BATCH)
    await db
      .insertInto('ride_cells')
      .values(rows.cells.slice(i, i + BATCH))
      .execute();
}

/** The grid rows the stored points of every ride give now (in `layout`), by ride, cell and day. */
export async function drawnCellRows(db: Executor, layout?: MaskLayout) {
  const points = await db
    .selectFrom('ride_points')
    .select(['ride_id', 'lat', 'lng', 'at', 'departure_date'])
    .orderBy('ride_id')
    .orderBy('idx')
    .execute();
  return cellRowsOfStored(points, layout).sort((a, b) =>
    a.ride_id < b.ride_id ? -1 : a.ride_id > b.ride_id ? 1 : a.cell - b.cell || (a.day < b.day ? -1 : 1),
  );
}

const BENGALURU = { lat: 12.9716, lng: 77.5946 };
const MYSURU = { lat: 12.2958, lng: 76.6394 };

/**
 * Many rides from Bengaluru to Mysuru, without stops, written straight to the tables with their points and
 * cells: `add` each (its driver, date, time and price), then `insert` them all.
 */
export async function bengaluruMysuruRides(db: Executor, now: number) {
  const anywhere = (await db.selectFrom('places').select('id').limit(1).executeTakeFirstOrThrow()).id;
  const batch: GridRows = { rides: [], points: [], cells: [] };
  return {
    add(ride: Pick<GridRide, 'driver_id' | 'departure_date' | 'departure_time' | 'price_per_seat'>) {
      const row = rideRow(now, {
        ...ride,
        ...{ from_place_id: anywhere, to_place_id: anywhere, from_name: 'Bengaluru', to_name: 'Mysuru' },
      });
      addGridRide(batch, row, [BENGALURU, MYSURU]);
      return row;
    },
    insert: () => insertGridRides(db, batch),
  };
}
