import { z } from 'zod';
import {
  BOOKING_STATUSES,
  CANCEL_REASONS,
  COMMUTE_DAYS,
  COMMUTE_DIRECTIONS,
  PAYMENT_STATUSES,
  RIDE_STATUSES,
} from '../constants.js';
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
});
export type PublicUser = z.infer<typeof publicUserSchema>;

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
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), rating: z.number() }),
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
