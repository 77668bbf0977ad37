import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { pointsOfRides } from '../marketplace/ride-points.js';
import { nonWomanHoldsOpenBooking } from '../marketplace/women-only.js';
import type { CommuteRecord } from './commutes.repo.js';

/**
 * A commute made women-only makes its booked rides still to come women-only too, where only women hold
 * seats on them: an edit leaves booked rides as their passengers booked them, but a woman who asks for
 * women-only expects no man to book another seat beside them. A ride a man (or anyone not FEMALE) has
 * booked stays as it was, as a ride's own edit refuses it (409 WOMEN_ONLY_BOOKED). Its rides are
 * already locked by the edit (decision 005).
 */
export async function bookedRidesFollowWomenOnly(
  trx: Trx,
  after: AfterCommit,
  before: CommuteRecord,
  edited: CommuteRecord,
  nowMs: number,
): Promise<void> {
  if (before.womenOnly || !edited.womenOnly) return;
  const rides = await trx
    .selectFrom('rides as r')
    .select(['r.id', 'r.departure_date'])
    .where('r.commute_id', '=', edited.id)
    .where('r.deleted_at', 'is', null)
    .where('r.status', '=', 'ACTIVE')
    .where('r.departure_at', '>', nowMs)
    .where('r.women_only', '=', 0)
    .where((eb) => eb.not(nonWomanHoldsOpenBooking(eb)))
    .orderBy('r.id')
    .execute();
  if (rides.length === 0) return;
  const ids = rides.map((r) => r.id);
  await trx.updateTable('rides').set({ women_only: 1, updated_at: nowMs }).where('id', 'in', ids).execute();
  // Pages listing them, and those asked for women-only rides, change.
  const points = await pointsOfRides(trx, ids);
  after.ridesChanged(rides.map((r) => ({ departureDate: r.departure_date, points: points.get(r.id) ?? [] })));
}
