import type { Generated } from 'kysely';
import type { CommuteDirection, CommuteStatus } from '@saathchalo/shared';

/** Table types of commuter mode and its background jobs (CONTRACT section 8), in the conventions of schema.ts. */

/** Durable background work (decision 024): one row per key, due at a time, leased while it runs. */
export interface JobsTable {
  key: string;
  kind: string;
  subject_id: string;
  due_at: number;
  attempts: Generated<number>;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: number | null;
  done_at: number | null;
  created_at: number;
}

export interface CommutesTable {
  id: string;
  driver_id: string;
  from_place_id: string;
  to_place_id: string;
  from_name: string;
  to_name: string;
  /** JSON: [{ place, time }] in travel order. */
  stops: string;
  /** Comma-separated MON..SUN in week order. */
  days: string;
  departure_time: string;
  return_time: string | null;
  start_date: string;
  end_date: string | null;
  seats: number;
  price_per_seat: number;
  car_model: string;
  car_number: string;
  additional_info: string | null;
  instant_booking: number;
  /** Section 9: its rides are women-only (migration 0018; every write names it). */
  women_only: number;
  /** What its standing passengers were last told, `{ at, terms }` JSON, while an edit is untold (0019). */
  told_terms: string | null;
  status: CommuteStatus;
  created_at: number;
  updated_at: number;
}

export interface CommuteSubscriptionsTable {
  id: string;
  commute_id: string;
  passenger_id: string;
  seats: number;
  /** Comma-separated days, or null for every day of the commute. */
  days: string | null;
  direction: CommuteDirection | null;
  from_stop: number | null;
  to_stop: number | null;
  created_at: number;
}
