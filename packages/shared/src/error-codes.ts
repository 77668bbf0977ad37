import { ACCOUNT_ERR } from './account-messages.js';
import { ERR } from './messages.js';

/**
 * The stable machine code of every refusal, beside its words in the envelope (`code`): clients compare
 * these, never the English. One code per text of ERR and ACCOUNT_ERR; refusals without a text of their
 * own (a layer below the use cases) get their status's code.
 */
export const ERR_CODE = {
  authRequired: 'UNAUTHENTICATED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailExists: 'EMAIL_EXISTS',
  futureComplete: 'RIDE_NOT_DEPARTED',
  completedChange: 'RIDE_COMPLETED',
  reactivateStarted: 'RIDE_STARTED',
  notAuthorizedStatus: 'NOT_RIDE_DRIVER',
  validationFailed: 'VALIDATION_FAILED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL',
  notFound: 'NOT_FOUND',
  rideNotFound: 'RIDE_NOT_FOUND',
  bookingNotFound: 'BOOKING_NOT_FOUND',
  userNotFound: 'USER_NOT_FOUND',
  notEnoughSeats: 'RIDE_FULL',
  rideNotBookable: 'RIDE_NOT_BOOKABLE',
  rideDeparted: 'RIDE_DEPARTED',
  ownRideBooking: 'OWN_RIDE',
  alreadyBooked: 'ALREADY_BOOKED',
  notAuthorizedRideUpdate: 'NOT_RIDE_DRIVER',
  notAuthorizedRideDelete: 'NOT_RIDE_DRIVER',
  notAuthorizedBookingCancel: 'NOT_BOOKING_PARTY',
  notAuthorizedBookingConfirm: 'NOT_RIDE_DRIVER',
  notAuthorizedBookingView: 'NOT_BOOKING_PARTY',
  rideNotEditable: 'RIDE_NOT_EDITABLE',
  bookingNotCancellable: 'BOOKING_NOT_CANCELLABLE',
  bookingNotPending: 'BOOKING_NOT_PENDING',
  rideNotActiveForConfirm: 'RIDE_NOT_ACTIVE',
  seatsBelowBooked: 'SEATS_BELOW_BOOKED',
  rateSelf: 'RATE_SELF',
  ratingNotAllowed: 'RATING_NOT_ALLOWED',
  alreadyRated: 'ALREADY_RATED',
  notAuthorizedStatsUpdate: 'NOT_OWN_STATS',
  completeCancelled: 'RIDE_CANCELLED',
  tokenInvalid: 'TOKEN_INVALID',
  sessionEnded: 'SESSION_ENDED',
  // Trust and safety (section 9).
  womenOnlyRide: 'WOMEN_ONLY_RIDE',
  womenOnlyDriver: 'WOMEN_ONLY_DRIVER',
  womenOnlyBooked: 'WOMEN_ONLY_BOOKED',
  blockedBooking: 'BLOCKED',
  blockSelf: 'BLOCK_SELF',
  reportSelf: 'REPORT_SELF',
  tooManyReports: 'TOO_MANY_REPORTS',
  phoneAlreadyVerified: 'PHONE_ALREADY_VERIFIED',
  phoneCodeWrong: 'PHONE_CODE_WRONG',
  phoneCodeExpired: 'PHONE_CODE_EXPIRED',
  phoneCodeLocked: 'PHONE_CODE_LOCKED',
  phoneCodeTooSoon: 'PHONE_CODE_TOO_SOON',
  phoneCodeTooMany: 'PHONE_CODE_TOO_MANY',
  smsFailed: 'SMS_FAILED',
  notAuthorizedShare: 'NOT_BOOKING_PARTY',
  shareNotConfirmed: 'BOOKING_NOT_CONFIRMED',
  tripEnded: 'TRIP_ENDED',
  tripLinkDead: 'TRIP_LINK_DEAD',
  // Stops and segments (section 7).
  bookedStopChanged: 'BOOKED_STOP_CHANGED',
  segmentNotBookable: 'SEGMENT_DEPARTED',
  // Commuter mode (section 8).
  commuteNotFound: 'COMMUTE_NOT_FOUND',
  notAuthorizedCommute: 'NOT_COMMUTE_DRIVER',
  commuteStopped: 'COMMUTE_STOPPED',
  ownCommuteSubscription: 'OWN_COMMUTE',
  subscriptionNotFound: 'SUBSCRIPTION_NOT_FOUND',
  stopsInvalid: 'STOPS_INVALID',
} as const satisfies Record<keyof typeof ERR, string>;

export const ACCOUNT_ERR_CODE = {
  verifyLinkInvalid: 'VERIFY_LINK_INVALID',
  resetLinkInvalid: 'RESET_LINK_INVALID',
  refreshTokenRequired: 'REFRESH_TOKEN_REQUIRED',
  refreshTokenInvalid: 'REFRESH_TOKEN_INVALID',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  tooManyFailedLogins: 'TOO_MANY_FAILED_SIGN_INS',
  userNotFound: 'USER_NOT_FOUND',
  pictureMissing: 'PICTURE_MISSING',
  pictureNotImage: 'PICTURE_NOT_IMAGE',
  pictureInvalid: 'PICTURE_INVALID',
  pictureTooLarge: 'PICTURE_TOO_LARGE',
  pictureTypeMismatch: 'PICTURE_TYPE_MISMATCH',
  pictureTooManyPixels: 'PICTURE_TOO_MANY_PIXELS',
  pictureIncomplete: 'PICTURE_INCOMPLETE',
  picturesBusy: 'PICTURES_BUSY',
} as const satisfies Record<keyof typeof ACCOUNT_ERR, string>;

/** The code of a refusal that has no text of its own in the catalogue: by its HTTP status. */
export const STATUS_CODE = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
} as const;

export type ErrorCode =
  | (typeof ERR_CODE)[keyof typeof ERR_CODE]
  | (typeof ACCOUNT_ERR_CODE)[keyof typeof ACCOUNT_ERR_CODE]
  | (typeof STATUS_CODE)[keyof typeof STATUS_CODE];

let codeByText: Map<string, ErrorCode> | undefined;

/** Built on first use, so a bundle that only compares codes carries no loop over the texts. */
function codesByText(): Map<string, ErrorCode> {
  if (codeByText) return codeByText;
  codeByText = new Map<string, ErrorCode>();
  for (const [catalogue, codes] of [
    [ERR, ERR_CODE],
    [ACCOUNT_ERR, ACCOUNT_ERR_CODE],
  ] as const) {
    for (const [key, text] of Object.entries(catalogue)) {
      if (typeof text === 'string') codeByText.set(text, codes[key as keyof typeof codes]);
    }
  }
  return codeByText;
}

/**
 * The code of a refusal the server words with a catalogue text (each text is one code), else that of
 * its status. The server's error handler is its only caller: clients read `code` from the envelope.
 */
export function errorCodeOf(text: string, status: number): ErrorCode {
  return (
    codesByText().get(text) ??
    STATUS_CODE[status as keyof typeof STATUS_CODE] ??
    (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')
  );
}
