import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookRideBody, contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as bookings from './bookings.service.js';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  route(app, contract.myBookings, async (request) => bookings.myBookings(deps, currentUser(request).id));

  route(app, contract.myRideBookings, async (request) =>
    bookings.myRideBookings(deps, currentUser(request).id),
  );

  route(app, contract.cancelBooking, async (request) =>
    bookings.cancelBooking(deps, request.params.id, currentUser(request).id),
  );

  route(app, contract.confirmBooking, async (request) =>
    bookings.confirmBooking(deps, request.params.id, currentUser(request).id),
  );
};

/** Booking seats, under /rides/{id}/book where the specification's client calls it; signed in. */
export const bookRideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  route(app, contract.bookRide, async (request) =>
    bookings.bookRide(
      deps,
      request.params.id,
      currentUser(request).id,
      request.body ?? bookRideBody.parse({}),
    ),
  );
};
