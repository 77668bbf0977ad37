import type { ReportReason } from '@saathchalo/shared';

/** Table types of trust and safety (CONTRACT section 9), in the conventions of schema.ts. */

/** Who blocked whom: a blocked pair never see each other's rides in search and cannot book each other. */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

/** Reports for moderation; each is also mailed to SUPPORT_EMAIL. */
export interface UserReportsTable {
  id: string;
  reporter_id: string;
  reported_id: string;
  reason: ReportReason;
  details: string | null;
  created_at: number;
}

/** The one live phone code of a user: its hash, the number it was sent to, and the wrong tries so far. */
export interface PhoneCodesTable {
  user_id: string;
  phone: string;
  code_hash: string;
  expires_at: number;
  tries: number;
  created_at: number;
}

/** Every code sent, for the limits per user and per number. */
export interface PhoneCodeSendsTable {
  id: string;
  user_id: string;
  phone: string;
  created_at: number;
}

/** A shared trip link, by the SHA-256 of its token (the token itself is never stored). */
export interface TripSharesTable {
  token_hash: string;
  booking_id: string;
  created_by: string;
  expires_at: number;
  created_at: number;
}

/** A driver's completed ride, or a ride the driver cancelled while it had bookings (reliability stats). */
export interface RideOutcomesTable {
  ride_id: string;
  outcome: 'COMPLETED' | 'CANCELLED';
  driver_id: string;
  at: number;
}
