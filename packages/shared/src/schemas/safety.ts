import { z } from 'zod';
import { BOOKING_STATUSES, CONTACT_VISIBILITIES, GENDERS, LEN, REPORT_REASONS } from '../constants.js';
import { MSG } from '../messages.js';
import { optionalText } from './common.js';

/** Trust and safety (CONTRACT.md section 9): request bodies and the answers that only this area uses. */

export const genderField = z.enum(GENDERS, { error: MSG.genderInvalid }).nullable();
export const contactVisibilityField = z.enum(CONTACT_VISIBILITIES, { error: MSG.contactVisibilityInvalid });

/** Reliability of a driver, shown on public profiles and ride drivers. */
export const userStatsSchema = z.object({
  ridesCompleted: z.number(),
  /** Rides with bookings that the driver cancelled, last 90 days. */
  driverCancellations: z.number(),
  /** driverCancellations / (driverCancellations + rides completed in the same 90 days), 0..1, two decimals. */
  cancellationRate: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const phoneCodeBody = z.object({
  code: z
    .string({ error: MSG.phoneCodeInvalid })
    .trim()
    .regex(/^\d{6}$/, MSG.phoneCodeInvalid),
});

/** Answer of POST /users/phone/verification: when the code dies and when another may be asked for. */
export const phoneCodeSentSchema = z.object({ expiresAt: z.string(), resendAt: z.string() });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const blockedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  profilePictureUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: MSG.reportReasonRequired }),
  details: optionalText(LEN.reportDetails, { multiline: true }),
});
export type ReportBody = z.input<typeof reportBody>;

export const reportSchema = z.object({
  id: z.string(),
  reportedUserId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** Answer of POST /bookings/{id}/share; `url` is APP_URL + /trip/{token}. */
export const tripShareSchema = z.object({ url: z.string(), token: z.string(), expiresAt: z.string() });
export type TripShare = z.infer<typeof tripShareSchema>;

/** A point of a shared trip: no coordinates of anyone's home beyond the ride's own places. */
export const tripStopSchema = z.object({
  index: z.number(),
  place: z.string(),
  date: z.string(),
  time: z.string().nullable(),
});

/** GET /trips/{token}, public: exactly these fields; no phone, no e-mail, no id. */
export const tripSchema = z.object({
  route: z.object({ from: z.string(), to: z.string() }),
  stops: z.array(tripStopSchema),
  departureDate: z.string(),
  departureTime: z.string(),
  /** The booking's status: CONFIRMED or COMPLETED (a link dies with any other). */
  status: z.enum(BOOKING_STATUSES),
  driver: z.object({ firstName: z.string(), rating: z.number() }),
  car: z.object({ model: z.string(), number: z.string() }),
  passengerFirstName: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripTokenParam = z.object({
  token: z
    .string({ error: MSG.tripTokenInvalid })
    .min(1, MSG.tripTokenInvalid)
    .max(LEN.token, MSG.tripTokenInvalid),
});

/** `womenOnly=true|false` in a query string. */
export const womenOnlyQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((v) => v === 'true')
  .optional();
