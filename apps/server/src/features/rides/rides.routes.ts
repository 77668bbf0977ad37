import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingSchema,
  bookRideBody,
  envelope,
  filterQuery,
  idParam,
  locationsQuery,
  offerRideBody,
  rideSchema,
  rideStatusQuery,
  searchQuery,
  updateRideBody,
} from '@saathchalo/shared';
import { ok, sendJson } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import { bookRide } from '../bookings/bookings.service.js';
import * as rides from './rides.service.js';
import { answerFilter, answerSearch } from './search.service.js';

const tags = ['rides'];
const security = [{ bearerAuth: [] }];
const rideList = envelope(z.array(rideSchema));
const rideOne = envelope(rideSchema);

export const ridesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  app.post(
    '/offer',
    { schema: { tags, security, summary: 'Offer a ride', body: offerRideBody, response: { 201: rideOne } } },
    async (request, reply) => {
      const ride = await rides.offerRide(deps, currentUser(request).id, request.body);
      return reply.status(201).send(ok(ride, 'Ride offered successfully'));
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        security,
        summary: 'Search bookable rides by place (prefix, word and old/new names), date and seats; soonest first',
        querystring: searchQuery,
        response: { 200: rideList },
      },
    },
    async (request, reply) =>
      sendJson(reply, await answerSearch(deps, currentUser(request).id, request.query)),
  );

  app.get(
    '/filter',
    {
      schema: {
        tags,
        security,
        summary: 'Search with price, departure window and seat filters, sorted by departure, price or rating',
        querystring: filterQuery,
        response: { 200: rideList },
      },
    },
    async (request, reply) =>
      sendJson(reply, await answerFilter(deps, currentUser(request).id, request.query)),
  );

  app.get(
    '/my-rides',
    { schema: { tags, security, summary: "The signed-in driver's rides with their passengers", response: { 200: rideList } } },
    async (request) => ok(await rides.myRides(deps, currentUser(request).id)),
  );

  for (const side of ['from', 'to'] as const) {
    app.get(
      `/locations/${side}`,
      {
        schema: {
          tags,
          security,
          summary: `Place names for the "${side}" autocomplete (optional q prefix), busiest first`,
          querystring: locationsQuery,
          response: { 200: envelope(z.array(z.string())) },
        },
      },
      async (request) => ok(await rides.locations(deps, request.query)),
    );
  }

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One ride; passengers and their phones only for its driver',
        params: idParam,
        response: { 200: rideOne },
      },
    },
    async (request) => ok(await rides.getRide(deps, request.params.id, currentUser(request).id)),
  );

  app.put(
    '/:id/update',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a ride (driver only); seats not below those held',
        params: idParam,
        body: updateRideBody,
        response: { 200: rideOne },
      },
    },
    async (request) =>
      ok(await rides.updateRide(deps, request.params.id, currentUser(request).id, request.body), 'Ride updated successfully'),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a ride (driver only): open bookings are cancelled, completed history stays',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await rides.deleteRide(deps, request.params.id, currentUser(request).id);
      return ok(null, 'Ride deleted successfully');
    },
  );

  app.delete(
    '/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a ride (driver only): its open bookings are cancelled',
        params: idParam,
        response: { 200: rideOne },
      },
    },
    async (request) =>
      ok(await rides.changeStatus(deps, request.params.id, currentUser(request).id, 'CANCELLED'), 'Ride cancelled successfully'),
  );

  app.put(
    '/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Change a ride status (driver only): ACTIVE, COMPLETED or CANCELLED, with cascades',
        params: idParam,
        querystring: rideStatusQuery,
        response: { 200: rideOne },
      },
    },
    async (request) =>
      ok(
        await rides.changeStatus(deps, request.params.id, currentUser(request).id, request.query.status),
        'Ride status updated successfully',
      ),
  );

  app.post(
    '/:id/book',
    {
      schema: {
        tags: ['bookings'],
        security,
        summary: 'Book seats on a ride (seatsRequested, falling back to seatsRequired, default 1)',
        params: idParam,
        body: bookRideBody.nullish(),
        response: { 201: envelope(bookingSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body ?? bookRideBody.parse({});
      const booking = await bookRide(deps, request.params.id, currentUser(request).id, body);
      const message = booking.status === 'CONFIRMED' ? 'Ride booked successfully' : 'Booking request sent to the driver';
      return reply.status(201).send(ok(booking, message));
    },
  );
};
