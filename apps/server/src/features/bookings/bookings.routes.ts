import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingSchema, bookRideBody, envelope, idParam } from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import * as bookings from './bookings.service.js';

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  app.get(
    '/my-bookings',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in passenger's bookings, newest first",
        response: { 200: envelope(z.array(bookingSchema)) },
      },
    },
    async (request) => ok(await bookings.myBookings(deps, currentUser(request).id)),
  );

  app.get(
    '/my-ride-bookings',
    {
      schema: {
        tags,
        security,
        summary: "Bookings on the signed-in driver's rides, newest first",
        response: { 200: envelope(z.array(bookingSchema)) },
      },
    },
    async (request) => ok(await bookings.myRideBookings(deps, currentUser(request).id)),
  );

  app.put(
    '/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: "Cancel a booking (its passenger) or reject it (the ride's driver); seats are released",
        params: idParam,
        response: { 200: envelope(bookingSchema) },
      },
    },
    async (request) =>
      ok(
        await bookings.cancelBooking(deps, request.params.id, currentUser(request).id),
        'Booking cancelled successfully',
      ),
  );

  app.put(
    '/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: "Confirm a pending booking (the ride's driver)",
        params: idParam,
        response: { 200: envelope(bookingSchema) },
      },
    },
    async (request) =>
      ok(
        await bookings.confirmBooking(deps, request.params.id, currentUser(request).id),
        'Booking confirmed successfully',
      ),
  );
};

/** Booking seats, under /rides/{id}/book where the specification's client calls it; signed in. */
export const bookRideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  app.post(
    '/:id/book',
    {
      schema: {
        tags,
        security,
        summary: 'Book seats on a ride (seatsRequested, falling back to seatsRequired, default 1)',
        params: idParam,
        body: bookRideBody.nullish(),
        response: { 201: envelope(bookingSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body ?? bookRideBody.parse({});
      const booking = await bookings.bookRide(deps, request.params.id, currentUser(request).id, body);
      const message =
        booking.status === 'CONFIRMED' ? 'Ride booked successfully' : 'Booking request sent to the driver';
      return reply.status(201).send(ok(booking, message));
    },
  );
};
