export const API_BASE = '/api';
/**
 * CONTRACT section 6: a request, or the code of a screen or dialog, that never arrived. Kept here, in a
 * module the first view already holds, not in MSG: the first view shows it offline, and would otherwise
 * take every text of MSG with it (a module goes whole into one chunk), or be split into more requests.
 */
export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
export const SESSION_KEY = 'user';
export const SEATS_MIN = 1;
export const SEATS_MAX = 8;
export const PRICE_MIN = 1;
export const PRICE_MAX = 100_000;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const COUNTRY_CODE = '91';
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX = 500;
export const DEFAULT_LOCATION = 'India';
export const SIGNUP_REDIRECT_MS = 3000;
export const RESET_REDIRECT_MS = 2000;
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const IST_OFFSET_MINUTES = 330;
/** Intermediate stops a ride may have (CONTRACT.md section 7); its points are these plus from and to. */
export const STOPS_MAX = 6;

/** Field length limits shared by forms and server. */
export const LEN = {
  name: 50,
  email: 254,
  place: 100,
  location: 100,
  bio: 500,
  carModel: 60,
  carNumber: 20,
  additionalInfo: 500,
  pickup: 200,
  id: 64,
  token: 256,
  reportDetails: 1000,
} as const;

export const RIDE_STATUSES = ['ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'COMPLETED', 'CANCELLED'] as const;
export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

/** Trust and safety (CONTRACT.md section 9). */
export const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];
export const CONTACT_VISIBILITIES = ['EVERYONE', 'CONFIRMED'] as const;
export type ContactVisibility = (typeof CONTACT_VISIBILITIES)[number];
export const REPORT_REASONS = ['UNSAFE_DRIVING', 'NO_SHOW', 'HARASSMENT', 'FAKE_PROFILE', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_TRIES = 5;
/** Seconds before another code may be asked for (the resend countdown). */
export const PHONE_CODE_RESEND_SECONDS = 60;
/** A shared trip link dies this long after the ride's last point. */
export const TRIP_LINK_HOURS_AFTER = 12;
export const SOS_PHONE = '112';
/** Search along the way: how far (km) from the searched places a ride may pass (CONTRACT.md section 7). */
export const RADIUS_KM_MIN = 1;
export const RADIUS_KM_MAX = 50;
export const RADIUS_KM_DEFAULT = 10;
/** Section 8 of CONTRACT.md: commutes, standing bookings, expiry. */
export const COMMUTE_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type CommuteDay = (typeof COMMUTE_DAYS)[number];
export const COMMUTE_DIRECTIONS = ['OUTBOUND', 'RETURN'] as const;
export type CommuteDirection = (typeof COMMUTE_DIRECTIONS)[number];
export const COMMUTE_STATUSES = ['ACTIVE', 'STOPPED'] as const;
export type CommuteStatus = (typeof COMMUTE_STATUSES)[number];
export const CANCEL_REASONS = [
  'PASSENGER',
  'DRIVER',
  'RIDE_CANCELLED',
  'EXPIRED',
  'ACCOUNT_DELETED',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
