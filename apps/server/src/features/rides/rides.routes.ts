import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import { perUser } from '../../plugins/rate-limit.js';
import * as rides from './rides.service.js';
import { rideSearchRoutes } from './search.routes.js';

/**
 * Rides offered per account and 15 minutes, as commutes made are (commutes.routes.ts): each offer is a
 * ride in search at once, so one account offering in a loop floods it. A driver offering a week of
 * rides one by one, there and back (14), with some refused and offered again, stays well under it.
 */
const OFFERS_PER_ACCOUNT = 50;
/**
 * Ride edits per account and 15 minutes, as commute edits (60): an edit that moves a trip mails each of
 * its passengers, so a loop of edits would flood their inboxes.
 */
const EDITS_PER_ACCOUNT = 60;

/** Offering, reading and editing a ride. */
const rideOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  route(app, contract.offerRide, { config: perUser(OFFERS_PER_ACCOUNT) }, async (request) =>
    rides.offerRide(deps, currentUser(request).id, request.body),
  );

  route(app, contract.myRides, async (request) => rides.myRides(deps, currentUser(request).id));

  route(app, contract.getRide, async (request) =>
    rides.getRide(deps, request.params.id, currentUser(request).id),
  );

  route(app, contract.updateRide, { config: perUser(EDITS_PER_ACCOUNT) }, async (request) =>
    rides.updateRide(deps, request.params.id, currentUser(request).id, request.body),
  );
};

/** A ride's end: deleting it and its status machine, with their cascades to bookings (driver only). */
const rideLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  route(app, contract.deleteRide, async (request) => {
    await rides.deleteRide(deps, request.params.id, currentUser(request).id);
    return null;
  });

  route(app, contract.cancelRide, async (request) =>
    rides.changeStatus(deps, request.params.id, currentUser(request).id, 'CANCELLED'),
  );

  route(app, contract.changeRideStatus, async (request) =>
    rides.changeStatus(deps, request.params.id, currentUser(request).id, request.query.status),
  );
};

/** Everything under /rides except booking one, which lives with the other booking calls. All signed in. */
export const ridesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(rideSearchRoutes);
  await app.register(rideOfferRoutes);
  await app.register(rideLifecycleRoutes);
};
