import type { Generated } from 'kysely';
import type {
  BookingStatus,
  CancelReason,
  CommuteDirection,
  ContactVisibility,
  Gender,
  PaymentStatus,
  RideStatus,
} from '@saathchalo/shared';
import type {
  PhoneCodeSendsTable,
  PhoneCodesTable,
  RideOutcomesTable,
  TripSharesTable,
  UserBlocksTable,
  UserReportsTable,
} from './schema-safety.js';
import type { CommuteSubscriptionsTable, CommutesTable, JobsTable } from './schema-commutes.js';

/**
 * Table types. Instants are epoch milliseconds (bigint), booleans are 0/1 integers, so the
 * same rows and queries work on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  email: string; // lower-cased; unique
  first_name: string;
  last_name: string;
  phone: string;
  location: string;
  bio: string | null;
  password_hash: string;
  picture_file: string | null;
  email_verified: number;
  rating_sum: number;
  rating_count: number;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
  /** Section 9 (migration 0011): private; only FEMALE may offer or book women-only rides. */
  gender: Generated<Gender | null>;
  phone_verified: Generated<number>;
  contact_visibility: Generated<ContactVisibility>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Every refresh token ever issued for a session; a retired one presented again revokes the session. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: number;
  retired_at: number | null;
  created_at: number;
  /** The pair this token was exchanged for, sealed with the token (refresh-grace.ts); null outside the grace. */
  successor: string | null;
}

/** A network an account signed in from, as an HMAC of it (never the address), and when it last did. */
export interface SignInIpsTable {
  user_id: string;
  ip_key: string;
  last_at: number;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset';
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** What every stage of the outbox holds of a mail (decision 010). */
interface MailColumns {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

/** Which mails go ahead: account mails (verification, reset, security) are never queued behind bookings'. */
export type MailLane = 'account' | 'notification';

/**
 * Mails waiting for their first attempt. The enqueue appends here and writes nothing else; account mails
 * wait in `outbox_account`, of the same shape.
 */
export interface OutboxTable extends MailColumns {
  id: Generated<number>;
  claimed_by: string | null;
  claimed_until: number | null;
}

/** Mails whose attempts failed so far, each waiting for its next attempt (indexed by when). */
export interface OutboxRetryTable extends MailColumns {
  id: Generated<number>;
  lane: Generated<MailLane>;
  attempts: number;
  next_attempt_at: number;
  last_error: string;
  claimed_by: string | null;
  claimed_until: number | null;
}

/** Sent and dead mails, kept a while for support, then purged. */
export interface OutboxDoneTable extends MailColumns {
  id: Generated<number>;
  lane: Generated<MailLane>;
  status: 'sent' | 'dead';
  attempts: number;
  last_error: string | null;
  finished_at: number;
}

/** A view over the three outbox tables: every mail with the stage it is in (for support and tests). */
export interface MailsView extends MailColumns {
  id: number;
  lane: MailLane;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  next_attempt_at: number | null;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  sent_at: number | null;
}

export interface PlacesTable {
  id: string;
  name: string;
  norm: string; // unique normalised name
  builtin: number;
  ride_count: number;
  created_at: number;
}

/** Search keys of a place: its normalised name, each word, and known old/new names. */
export interface PlaceTermsTable {
  term: string;
  place_id: string;
}

export interface RidesTable {
  id: string;
  driver_id: string;
  from_place_id: string;
  to_place_id: string;
  from_name: string;
  to_name: string;
  departure_date: string; // YYYY-MM-DD, IST
  departure_time: string; // HH:mm, IST
  departure_at: number; // UTC epoch ms of the above
  total_seats: number;
  available_seats: number;
  price_per_seat: number;
  car_model: string;
  car_number: string;
  additional_info: string | null;
  instant_booking: number;
  status: RideStatus;
  /** Great-circle km along the ride's points; null when one has no coordinates. */
  distance_km: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
  women_only: Generated<number>;
  /** A commute's ride (section 8): its commute and direction; null for a ride offered by itself. */
  commute_id?: string | null;
  direction?: CommuteDirection | null;
}

export interface BookingsTable {
  id: string;
  ride_id: string;
  passenger_id: string; // the driver is the ride's (rides.driver_id)
  seats_booked: number;
  total_amount: number;
  status: BookingStatus;
  payment_status: PaymentStatus;
  pickup_location: string | null;
  drop_location: string | null;
  /** The segment: the ride's point indexes where the passenger boards and leaves (legs from_stop..to_stop-1). */
  from_stop: Generated<number>;
  to_stop: Generated<number>;
  /** Where and when (UTC ms) the passenger boards and leaves: a stop, or a searched place on the way. */
  pickup_place: string | null;
  pickup_at: number | null;
  drop_place: string | null;
  drop_at: number | null;
  created_at: number;
  updated_at: number;
  /** Why a CANCELLED booking was cancelled (section 8); null while open, or unknown for old history. */
  cancel_reason?: CancelReason | null;
  /** The standing booking (commute_subscriptions.id) that made it; null for one booked one by one. */
  subscription_id?: string | null;
}

/**
 * Every point of a ride in travel order: idx 0 is `from`, the last is `to` (decision 019). Seats are held
 * per leg: `seats_to_next` is what is free from this point to the next (null on the last point), and
 * rides.available_seats is their minimum, written in the same transaction.
 */
export interface RidePointsTable {
  ride_id: string;
  idx: number;
  /** places.id of the name; null where no place row is kept. */
  place_id: string | null;
  place_name: string;
  lat: number | null;
  lng: number | null;
  departure_date: string; // YYYY-MM-DD, IST
  departure_time: string; // HH:mm, IST
  at: number; // UTC epoch ms
  estimated: number; // 0/1: the time was estimated from the distance
  km_from_start: number | null;
  seats_to_next: number | null;
}

/**
 * Search along the way (decision 020): the grid cells (marketplace/route-cells.ts) each ride's route
 * crosses, on each date it is on the road there, with the first and last leg crossing the cell.
 */
export interface RideCellsTable {
  cell: number;
  day: string; // YYYY-MM-DD, IST
  ride_id: string;
  first_leg: number;
  last_leg: number;
  /** When the ride first reaches the cell, UTC ms: a search reads candidates soonest first. */
  at: number;
  /** The cells the ride crosses from here on, as bit sets (marketplace/ahead-masks.ts). */
  ahead_fine: number;
  ahead_coarse: number;
  /** The sub-cells of the cell the route passes, as a bit set (marketplace/sub-cells.ts). */
  near: number;
  /** The last time the ride is in the cell, UTC ms (migration 0024: rows drawn before it never leave). */
  leaves_at: Generated<number>;
}

export interface RatingsTable {
  id: string;
  ride_id: string;
  rater_id: string;
  ratee_id: string;
  rating: number;
  comment: string | null;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  sign_in_ips: SignInIpsTable;
  outbox: OutboxTable;
  outbox_account: OutboxTable;
  outbox_retry: OutboxRetryTable;
  outbox_done: OutboxDoneTable;
  mails: MailsView;
  places: PlacesTable;
  place_terms: PlaceTermsTable;
  rides: RidesTable;
  ride_points: RidePointsTable;
  ride_cells: RideCellsTable;
  bookings: BookingsTable;
  ratings: RatingsTable;
  user_blocks: UserBlocksTable;
  user_reports: UserReportsTable;
  phone_codes: PhoneCodesTable;
  phone_code_sends: PhoneCodeSendsTable;
  trip_shares: TripSharesTable;
  ride_outcomes: RideOutcomesTable;
  jobs: JobsTable;
  commutes: CommutesTable;
  commute_subscriptions: CommuteSubscriptionsTable;
}

export type { Generated };
export type * from './schema-safety.js';
export type * from './schema-commutes.js';
