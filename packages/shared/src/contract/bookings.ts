import { z } from 'zod';
import { MSG } from '../messages.js';
import { bookRideBody } from '../schemas/bookings.js';
import { idParam } from '../schemas/common.js';
import { bookingSchema, type Booking } from '../schemas/models.js';
import { defineCall } from './define.js';

const tag = 'bookings';

export const bookRide = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/rides/{id}/book',
  auth: true,
  tag,
  summary: 'Book seats on a ride (seatsRequested, falling back to seatsRequired, default 1)',
  params: idParam,
  // The specification's client may send no body at all: one seat.
  body: bookRideBody.nullish(),
  response: bookingSchema,
  status: 201,
  message: (booking: Booking) => (booking.status === 'CONFIRMED' ? MSG.rideBooked : MSG.bookingRequested),
});

export const myBookings = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/bookings/my-bookings',
  auth: true,
  tag,
  summary: "The signed-in passenger's bookings, newest first",
  response: z.array(bookingSchema),
});

export const myRideBookings = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/bookings/my-ride-bookings',
  auth: true,
  tag,
  summary: "Bookings on the signed-in driver's rides, newest first",
  response: z.array(bookingSchema),
});

export const cancelBooking = /* @__PURE__ */ defineCall({
  method: 'PUT',
  path: '/bookings/{id}/cancel',
  auth: true,
  tag,
  summary: "Cancel a booking (its passenger) or reject it (the ride's driver); seats are released",
  params: idParam,
  response: bookingSchema,
  message: MSG.bookingCancelled,
});

export const confirmBooking = /* @__PURE__ */ defineCall({
  method: 'PUT',
  path: '/bookings/{id}/confirm',
  auth: true,
  tag,
  summary: "Confirm a pending booking (the ride's driver)",
  params: idParam,
  response: bookingSchema,
  message: MSG.bookingConfirmed,
});
