import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  idParam,
  offerRideBody,
  rideSchema,
  rideStatusQuery,
  updateRideBody,
} from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import * as rides from './rides.service.js';
import { rideSearchRoutes } from './search.routes.js';

const tags = ['rides'];
const security = [{ bearerAuth: [] }];
const rideList = envelope(z.array(rideSchema));
const rideOne = envelope(rideSchema);

/** Offering, reading and editing a ride. */
const rideOfferRoutes: FastifyPluginAsyncZod = async (app) => {
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
    '/my-rides',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in driver's rides with their passengers",
        response: { 200: rideList },
      },
    },
    async (request) => ok(await rides.myRides(deps, currentUser(request).id)),
  );

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
      ok(
        await rides.updateRide(deps, request.params.id, currentUser(request).id, request.body),
        'Ride updated successfully',
      ),
  );
};

/** A ride's end: deleting it and its status machine, with their cascades to bookings (driver only). */
const rideLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

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
      ok(
        await rides.changeStatus(deps, request.params.id, currentUser(request).id, 'CANCELLED'),
        'Ride cancelled successfully',
      ),
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
};

/** Everything under /rides except booking one, which lives with the other booking calls. All signed in. */
export const ridesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(rideSearchRoutes);
  await app.register(rideOfferRoutes);
  await app.register(rideLifecycleRoutes);
};
