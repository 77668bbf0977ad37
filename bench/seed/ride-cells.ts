import type { Kysely } from 'kysely';
import { cellRows } from '../../apps/server/dist/features/marketplace/ride-cells.js';

/**
 * Draws every seeded ride's route onto the search grid (ride_cells, decision 020) from its points, as
 * offering it through the API does. Run after the rides and their points are loaded; rides already
 * drawn are skipped, so it can run again.
 */
export async function seedRideCells(db: Kysely<any>): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const rides = await db
      .selectFrom('rides')
      .select('id')
      .where('id', '>', after)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'ACTIVE')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('ride_cells as c').select('c.ride_id').whereRef('c.ride_id', '=', 'rides.id'),
          ),
        ),
      )
      .orderBy('id')
      .limit(2000)
      .execute();
    if (rides.length === 0) return written;
    after = rides[rides.length - 1]!.id;
    const points = await db
      .selectFrom('ride_points')
      .select(['ride_id', 'lat', 'lng', 'at', 'departure_date'])
      .where(
        'ride_id',
        'in',
        rides.map((r) => r.id),
      )
      .orderBy('ride_id')
      .orderBy('idx')
      .execute();
    const byRide = new Map<
      string,
      { lat: number | null; lng: number | null; at: number; departure_date: string }[]
    >();
    for (const p of points) {
      const list = byRide.get(p.ride_id) ?? [];
      list.push({
        lat: p.lat === null ? null : Number(p.lat),
        lng: p.lng === null ? null : Number(p.lng),
        at: Number(p.at),
        departure_date: p.departure_date,
      });
      byRide.set(p.ride_id, list);
    }
    const rows = [...byRide].flatMap(([id, ps]) => cellRows(id, ps));
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('ride_cells')
        .values(rows.slice(i, i + 1000))
        .execute();
    written += rows.length;
  }
}
