import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import { perIp, perUser, tooManyRequests } from '../../plugins/rate-limit.js';
import * as blocks from './blocks.service.js';
import * as phone from './phone-verification.service.js';
import * as trips from './trips.service.js';

/** Blocks and unblocks per user and 15 minutes: each one changes which search pages the pair share. */
const BLOCK_CHANGES_PER_USER = 60;
/** Trip pages per address and 15 minutes: a family refreshing one page, behind a carrier's NAT. */
const TRIP_VIEWS_PER_IP = 600;

/** A limit a service applies itself, answered as a 429 with Retry-After like the plugin's. */
async function limited<T>(reply: Parameters<typeof tooManyRequests>[0], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof phone.TooSoon) throw tooManyRequests(reply, err.retryAfterSeconds, err.message);
    throw err;
  }
}

/** Under /users, signed in: phone verification, blocks and reports (CONTRACT section 9). */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  route(app, contract.sendPhoneCode, async (request, reply) =>
    limited(reply, () => phone.sendCode(deps, currentUser(request).id, request.log)),
  );
  route(app, contract.confirmPhoneCode, async (request, reply) =>
    limited(reply, () => phone.confirmCode(deps, currentUser(request).id, request.body.code)),
  );

  route(app, contract.blockedUsers, async (request) => blocks.blockedBy(deps, currentUser(request).id));
  const blockLimit = { config: perUser(BLOCK_CHANGES_PER_USER) };
  route(app, contract.blockUser, blockLimit, async (request) => {
    await blocks.block(deps, currentUser(request).id, request.params.id);
    return null;
  });
  route(app, contract.unblockUser, blockLimit, async (request) => {
    await blocks.unblock(deps, currentUser(request).id, request.params.id);
    return null;
  });

  route(app, contract.reportUser, async (request, reply) =>
    limited(reply, () => blocks.report(deps, currentUser(request).id, request.params.id, request.body)),
  );
};

/** Under /bookings, signed in: a link to a confirmed booking's trip. */
export const tripShareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;
  route(app, contract.shareTrip, async (request) =>
    trips.shareTrip(deps, request.params.id, currentUser(request).id),
  );
};

/** Under /trips, without sign-in: the shared trip page's data. */
export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  route(app, contract.getTrip, { config: perIp(TRIP_VIEWS_PER_IP) }, async (request) =>
    trips.sharedTrip(deps, request.params.token),
  );
};
