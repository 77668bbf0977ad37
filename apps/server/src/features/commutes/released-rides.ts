import type { AppDeps } from '../../app-deps.js';
import type { Executor, Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { cellRows } from '../marketplace/ride-cells.js';
import { pointsOfRides } from '../marketplace/ride-points.js';
import { adjustRideCount } from '../places/index.js';
import { insertRideCells, insertRidePoints, type CommuteRecord } from './commutes.repo.js';
import { cellPoint, plannedRides, slotPoint } from './materialise.js';

type Deps = Pick<AppDeps, 'config' | 'placeMatches'>;

/**
 * The commute's rides still to come that were booked, but whose every booking has since been cancelled
 * (the passenger's cancel, the driver's reject, an expired request): nobody holds a seat on them.
 */
async function releasedFutureRides(db: Executor, commuteId: string, nowMs: number) {
  return db
    .selectFrom('rides as r')
    .select(['r.id', 'r.direction', 'r.departure_date', 'r.from_place_id', 'r.to_place_id'])
    .where('r.commute_id', '=', commuteId)
    .where('r.deleted_at', 'is', null)
    .where('r.status', '=', 'ACTIVE')
    .where('r.departure_at', '>', nowMs)
    .where((eb) =>
      eb.exists(eb.selectFrom('bookings as b').select('b.id').whereRef('b.ride_id', '=', 'r.id')),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.ride_id', '=', 'r.id')
            .where('b.status', 'in', ['PENDING', 'CONFIRMED', 'COMPLETED']),
        ),
      ),
    )
    .orderBy('r.id')
    .execute();
}

/**
 * An edit changes the rides nobody holds a seat on. Those never booked are made again; these cannot be
 * (their cancelled bookings point at them, and the day's key is theirs), so they take the commute's new
 * time, route, seats and price in place. No standing booking books them again: a passenger who
 * cancelled that day meant it. A day the commute no longer has is left as it was.
 */
export async function rewriteReleasedRides(
  deps: Deps,
  trx: Trx,
  after: AfterCommit,
  c: CommuteRecord,
  nowMs: number,
): Promise<void> {
  const released = await releasedFutureRides(trx, c.id, nowMs);
  if (released.length === 0) return;
  const planned = new Map(
    (await plannedRides(deps, trx, c, nowMs)).map((m) => [`${m.ride.direction}|${m.ride.departure_date}`, m]),
  );
  const before = await pointsOfRides(
    trx,
    released.map((r) => r.id),
  );
  const changed = [];
  for (const r of released) {
    const m = planned.get(`${r.direction}|${r.departure_date}`);
    if (!m) continue;
    const { ride } = m;
    await trx
      .updateTable('rides')
      .set({
        from_place_id: ride.from_place_id,
        to_place_id: ride.to_place_id,
        from_name: ride.from_name,
        to_name: ride.to_name,
        departure_time: ride.departure_time,
        departure_at: ride.departure_at,
        total_seats: ride.total_seats,
        available_seats: ride.available_seats,
        price_per_seat: ride.price_per_seat,
        car_model: ride.car_model,
        car_number: ride.car_number,
        additional_info: ride.additional_info,
        instant_booking: ride.instant_booking,
        women_only: ride.women_only,
        distance_km: ride.distance_km,
        updated_at: nowMs,
      })
      .where('id', '=', r.id)
      .execute();
    await trx.deleteFrom('ride_cells').where('ride_id', '=', r.id).execute();
    await trx.deleteFrom('ride_points').where('ride_id', '=', r.id).execute();
    const points = m.points.map((p) => ({ ...p, ride_id: r.id }));
    await insertRidePoints(trx, points);
    await insertRideCells(trx, cellRows(r.id, points.map(cellPoint)));
    if (r.from_place_id !== ride.from_place_id || r.to_place_id !== ride.to_place_id) {
      for (const p of [r.from_place_id, r.to_place_id]) await adjustRideCount(trx, p, -1);
      for (const p of [ride.from_place_id, ride.to_place_id]) await adjustRideCount(trx, p, 1);
    }
    // Its old route's pages and its new route's both change.
    changed.push(
      { departureDate: r.departure_date, points: before.get(r.id) ?? [] },
      { departureDate: ride.departure_date, points: points.map(slotPoint) },
    );
  }
  after.ridesChanged(changed);
}
