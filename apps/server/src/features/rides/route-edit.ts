import { ERR, istTime, type StopInput } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { conflict } from '../../lib/errors.js';
import { pointsOfRides, writeRidePoints, type RidePoint } from '../marketplace/ride-points.js';
import type { PlannedPoint } from '../marketplace/route-plan.js';
import { recomputeAvailableSeats } from '../marketplace/seats.js';
import { HOLDS_SEATS } from '../marketplace/statuses.js';
import { normalizePlace } from '../places/index.js';

/**
 * The stops an edit keeps when it sends none (a client that knows nothing of stops): the same places,
 * typed times moved with the departure, estimated ones estimated again.
 */
export function keptStops(before: readonly RidePoint[], shiftMs: number): StopInput[] {
  return before
    .slice(1, -1)
    .map((p) => ({ place: p.place, time: p.estimated ? null : istTime(p.at + shiftMs) }));
}

interface HeldBooking {
  id: string;
  from_stop: number;
  to_stop: number;
  pickup_place: string | null;
  pickup_at: number | string | null;
  drop_place: string | null;
  drop_at: number | string | null;
}

/**
 * Writes an edited ride's points (decision 019). What a passenger booked stays true: a booking on the
 * whole route follows the ride's ends wherever the driver moves them (as in the first wave), but a stop
 * where a held booking boards or leaves must stay, in its order; stops nobody uses come and go freely.
 * Bookings move to their points' new indexes and times, and every leg is counted again from them.
 * The caller holds the ride's row lock (it has just updated the row).
 */
export async function rewriteRoute(
  db: Executor,
  rideId: string,
  points: readonly PlannedPoint[],
  totalSeats: number,
  nowMs: number,
): Promise<void> {
  const before = (await pointsOfRides(db, [rideId])).get(rideId) ?? [];
  const held: HeldBooking[] = await db
    .selectFrom('bookings')
    .select(['id', 'from_stop', 'to_stop', 'pickup_place', 'pickup_at', 'drop_place', 'drop_at'])
    .where('ride_id', '=', rideId)
    .where('status', 'in', HOLDS_SEATS)
    .execute();
  const moved = before.length > 0 ? mapPoints(before, points, held) : null;
  if (before.length > 0 && !moved) throw conflict(ERR.bookedStopChanged);
  await writeRidePoints(db, rideId, points, totalSeats);
  if (moved) {
    for (const b of held) await moveBooking(db, b, before, points, moved);
  }
  await recomputeAvailableSeats(db, rideId, nowMs);
}

/**
 * Old point index to new: the ends to the ends, and each stop a held booking uses to the next new stop
 * of the same place, in order. Null when such a stop is gone or out of order.
 */
function mapPoints(
  before: readonly RidePoint[],
  after: readonly PlannedPoint[],
  held: readonly HeldBooking[],
): Map<number, number> | null {
  const oldLast = before.length - 1;
  const newLast = after.length - 1;
  const map = new Map<number, number>([
    [0, 0],
    [oldLast, newLast],
  ]);
  const used = [...new Set(held.flatMap((b) => [b.from_stop, b.to_stop]))]
    .filter((i) => i > 0 && i < oldLast)
    .sort((a, b) => a - b);
  let next = 1;
  for (const i of used) {
    const name = normalizePlace(before[i]!.place);
    while (next < newLast && normalizePlace(after[next]!.place) !== name) next += 1;
    if (next >= newLast) return null;
    map.set(i, next);
    next += 1;
  }
  return map;
}

/** A held booking at its points' new indexes; its pickup and drop keep their place and move in time with them. */
async function moveBooking(
  db: Executor,
  b: HeldBooking,
  before: readonly RidePoint[],
  after: readonly PlannedPoint[],
  map: Map<number, number>,
): Promise<void> {
  const from = map.get(b.from_stop) ?? 0;
  const to = map.get(b.to_stop) ?? after.length - 1;
  const end = (
    place: string | null,
    at: number | string | null,
    old: RidePoint | undefined,
    now: PlannedPoint,
  ) => {
    const wasPoint = place === null || (old !== undefined && place === old.place);
    const shift = old ? now.at - old.at : 0;
    return {
      place: wasPoint ? now.place : place,
      at: at === null ? now.at : Number(at) + shift,
    };
  };
  const pickup = end(b.pickup_place, b.pickup_at, before[b.from_stop], after[from]!);
  const drop = end(b.drop_place, b.drop_at, before[b.to_stop], after[to]!);
  await db
    .updateTable('bookings')
    .set({
      from_stop: from,
      to_stop: to,
      pickup_place: pickup.place,
      pickup_at: pickup.at,
      drop_place: drop.place,
      drop_at: drop.at,
    })
    .where('id', '=', b.id)
    .execute();
}
