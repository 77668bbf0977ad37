import type { ExpressionBuilder } from 'kysely';
import { OPEN_STATUSES } from './statuses.js';

/**
 * Section 9: whether anyone but a woman holds an open booking on the ride `r` (the query's `rides as r`).
 * Such a ride cannot be made women-only, neither by its own edit (409 WOMEN_ONLY_BOOKED) nor by its
 * commute's.
 */
export function nonWomanHoldsOpenBooking(eb: ExpressionBuilder<any, any>) {
  return eb.exists(
    eb
      .selectFrom('bookings as b')
      .innerJoin('users as u', 'u.id', 'b.passenger_id')
      .select('b.id')
      .whereRef('b.ride_id', '=', 'r.id')
      .where('b.status', 'in', OPEN_STATUSES)
      .where((w) => w.or([w('u.gender', 'is', null), w('u.gender', '!=', 'FEMALE')])),
  );
}
