import type { Kysely } from 'kysely';
import { cellRows } from '../../features/marketplace/ride-cells.js';

/**
 * Search along the way (decision 020): each ride's route drawn onto a grid of cells, with the dates it
 * is on the road, so a search reads the cells near the searched place on its date through the primary
 * key (cell, day, ride) instead of every ride. `ride_cells_ride` finds a ride's cells again (rewritten
 * on every edit; the second side of a search). `ride_points_place` is the same for places without
 * coordinates, matched by name: the points at a place on a date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_cells')
    .addColumn('cell', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('first_leg', 'integer', (c) => c.notNull())
    .addColumn('last_leg', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ride_cells_pk', ['cell', 'day', 'ride_id'])
    .execute();
  await db.schema.createIndex('ride_cells_ride').on('ride_cells').column('ride_id').execute();
  await db.schema
    .createIndex('ride_points_place')
    .on('ride_points')
    .columns(['place_id', 'departure_date'])
    .execute();
  await backfill(db);
}

/** Rides already stored get their cells (their points come from migration 0009). */
async function backfill(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rides = await db
      .selectFrom('rides')
      .select('id')
      .where('id', '>', after)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rides.length === 0) return;
    after = rides[rides.length - 1]!.id as string;
    const points = await db
      .selectFrom('ride_points')
      .select(['ride_id', 'idx', 'lat', 'lng', 'at', 'departure_date'])
      .where(
        'ride_id',
        'in',
        rides.map((r) => r.id),
      )
      .orderBy('ride_id')
      .orderBy('idx')
      .execute();
    const byRide = new Map<string, typeof points>();
    for (const p of points) byRide.set(p.ride_id as string, [...(byRide.get(p.ride_id as string) ?? []), p]);
    // This table's columns only: later migrations add to what cellRows writes.
    const rows = [...byRide].flatMap(([rideId, ps]) =>
      cellRows(
        rideId,
        ps.map((p) => ({ ...p, at: Number(p.at) })),
      ).map(({ cell, day, ride_id, first_leg, last_leg, at }) => ({
        cell,
        day,
        ride_id,
        first_leg,
        last_leg,
        at,
      })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('ride_cells')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ride_points_place').execute();
  await db.schema.dropTable('ride_cells').execute();
}
