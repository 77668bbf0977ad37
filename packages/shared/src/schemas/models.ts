import { z } from 'zod';
import {
  BOOKING_STATUSES,
  CANCEL_REASONS,
  COMMUTE_DAYS,
  COMMUTE_DIRECTIONS,
  CONTACT_VISIBILITIES,
  GENDERS,
  PAYMENT_STATUSES,
  RIDE_STATUSES,
} from '../constants.js';
import { userStatsSchema } from './safety.js';
import { placeAtSchema, rideStopSchema, segmentSchema } from './places.js';

/** Response shapes of CONTRACT.md section 3. The server's presenters produce exactly these. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  bio: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  rating: z.number(),
  ratingCount: z.number(),
  createdAt: z.string(),
  /** Section 9: private, in the owner's own profile only; used for women-only rides. */
  gender: z.enum(GENDERS).nullable(),
  phoneVerified: z.boolean(),
  contactVisibility: z.enum(CONTACT_VISIBILITIES),
});
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({ user: userSchema, token: z.string(), refreshToken: z.string() });
export type AuthResult = z.infer<typeof authResultSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  location: z.string(),
  bio: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  rating: z.number(),
  ratingCount: z.number(),
  ridesOffered: z.number(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  stats: userStatsSchema,
  /**
   * Section 9: only for the user themself and for someone who shares a CONFIRMED or COMPLETED booking
   * with them; null for everyone else whatever their contact visibility (a profile never disclosed it).
   */
  phone: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** `phone` is null when its owner shares it with confirmed co-travellers only and this booking is not (section 9). */
const person = z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() });

const bookingRideSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  departureDate: z.string(),
  departureTime: z.string(),
  carModel: z.string(),
  carNumber: z.string(),
  pricePerSeat: z.number(),
  totalSeats: z.number(),
  availableSeats: z.number(),
  additionalInfo: z.string().nullable(),
  status: z.enum(RIDE_STATUSES),
  womenOnly: z.boolean(),
  /** Every point of the ride, from first to last (CONTRACT.md section 7). */
  stops: z.array(rideStopSchema),
  distanceKm: z.number().nullable(),
  /** Section 8: the commute this ride repeats, if any (absent from servers before the second wave). */
  commuteId: z.string().nullable().optional(),
  direction: z.enum(COMMUTE_DIRECTIONS).nullable().optional(),
});

export const bookingSchema = z.object({
  id: z.string(),
  rideId: z.string(),
  ride: bookingRideSchema,
  status: z.enum(BOOKING_STATUSES),
  seatsBooked: z.number(),
  totalAmount: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  pickupLocation: z.string().nullable(),
  dropLocation: z.string().nullable(),
  driver: person,
  passenger: person,
  driverId: z.string(),
  passengerId: z.string(),
  passengerName: z.string(),
  createdAt: z.string(),
  /** The segment booked: point indexes of the ride, and where and when the passenger boards and leaves. */
  fromStop: z.number(),
  toStop: z.number(),
  pickup: placeAtSchema,
  drop: placeAtSchema,
  /** Section 8: why a CANCELLED booking was cancelled; null while open or for history before it was kept. */
  cancelReason: z.enum(CANCEL_REASONS).nullable().optional(),
  /**
   * To either side of the booking (the driver's `passengers` of a ride included): whether the viewer has
   * rated the other side for this ride, so a reload does not offer a rating the server would refuse.
   */
  ratedByMe: z.boolean().optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const rideSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  route: z.object({ from: z.string(), to: z.string() }),
  departureDate: z.string(),
  departureTime: z.string(),
  totalSeats: z.number(),
  availableSeats: z.number(),
  bookedSeats: z.number(),
  pricePerSeat: z.number(),
  carModel: z.string(),
  carNumber: z.string(),
  additionalInfo: z.string().nullable(),
  instantBooking: z.boolean(),
  status: z.enum(RIDE_STATUSES),
  /** Section 9: only passengers whose gender is FEMALE may book it. */
  womenOnly: z.boolean(),
  /** `phone` is null when the driver shares it with confirmed co-travellers only (section 9). */
  driver: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    rating: z.number(),
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    stats: userStatsSchema,
  }),
  passengers: z.array(bookingSchema),
  /** Every point of the ride: index 0 is `from`, the last is `to` (CONTRACT.md section 7). */
  stops: z.array(rideStopSchema),
  /** Great-circle kilometres along the points; null when a point has no coordinates. */
  distanceKm: z.number().nullable(),
  /**
   * Search and filter only: the part of the ride the searcher travels. There, the top-level
   * `availableSeats` and `pricePerSeat` are the segment's.
   */
  segment: segmentSchema.optional(),
  /** Section 8: a commute's ride carries its commute, direction and the commute's days (null otherwise). */
  commuteId: z.string().nullable().optional(),
  direction: z.enum(COMMUTE_DIRECTIONS).nullable().optional(),
  days: z.array(z.enum(COMMUTE_DAYS)).nullable().optional(),
  /** Search and filter only: the searcher's own ride, shown as "Your ride" and not offered for booking. */
  isOwnRide: z.boolean().optional(),
});
export type Ride = z.infer<typeof rideSchema>;

export const ratingSchema = z.object({
  id: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  rideId: z.string(),
  raterId: z.string(),
  rateeId: z.string(),
  rater: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const ratingStatsSchema = z.object({
  userId: z.string(),
  rating: z.number(),
  ratingCount: z.number(),
});
export type RatingStats = z.infer<typeof ratingStatsSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** GET /api/config: map tiles for the route picture (MAP_TILES_URL), or nulls when none are configured. */
export const clientConfigSchema = z.object({
  mapTilesUrl: z.string().nullable(),
  mapAttribution: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
