import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockedUserSchema,
  envelope,
  idParam,
  phoneCodeBody,
  phoneCodeSentSchema,
  reportBody,
  reportSchema,
  tripSchema,
  tripShareSchema,
  tripTokenParam,
  userSchema,
} from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import { perIp, perUser, tooManyRequests } from '../../plugins/rate-limit.js';
import * as blocks from './blocks.service.js';
import * as phone from './phone-verification.service.js';
import * as trips from './trips.service.js';

const security = [{ bearerAuth: [] }];
const users = { tags: ['safety'], security };

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
  await app.register(phoneRoutes);
  await app.register(blockRoutes);
};

const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/phone/verification',
    {
      schema: {
        ...users,
        summary:
          'Send a 6-digit code to your phone (SMS); 10 minutes, 5 tries; at most one a minute, 5 an hour',
        response: { 200: envelope(phoneCodeSentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        await limited(reply, () => phone.sendCode(deps, currentUser(request).id, request.log)),
        'Verification code sent',
      ),
  );

  app.post(
    '/phone/verification/confirm',
    {
      schema: {
        ...users,
        summary: 'Confirm your phone with the code; answers your profile',
        body: phoneCodeBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) =>
      ok(await phone.confirmCode(deps, currentUser(request).id, request.body.code), 'Phone number verified'),
  );
};

const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/blocked',
    {
      schema: {
        ...users,
        summary: 'The users you blocked, latest first',
        response: { 200: envelope(z.array(blockedUserSchema)) },
      },
    },
    async (request) => ok(await blocks.blockedBy(deps, currentUser(request).id)),
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/:id/block',
      config: perUser(BLOCK_CHANGES_PER_USER),
      schema: {
        ...users,
        summary:
          method === 'POST'
            ? 'Block a user: neither of you sees the other’s rides in search, nor can book them'
            : 'Unblock a user',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
      handler: async (request) => {
        const userId = currentUser(request).id;
        if (method === 'POST') await blocks.block(deps, userId, request.params.id);
        else await blocks.unblock(deps, userId, request.params.id);
        return ok(null, method === 'POST' ? 'User blocked' : 'User unblocked');
      },
    });
  }

  app.post(
    '/:id/reports',
    {
      schema: {
        ...users,
        summary: 'Report a user to SaathChalo support (at most 5 an hour)',
        params: idParam,
        body: reportBody,
        response: { 201: envelope(reportSchema) },
      },
    },
    async (request, reply) => {
      const r = await limited(reply, () =>
        blocks.report(deps, currentUser(request).id, request.params.id, request.body),
      );
      return reply.status(201).send(ok(r, 'Report sent. Thank you for helping keep SaathChalo safe.'));
    },
  );
};

/** Under /bookings, signed in: a link to a confirmed booking's trip. */
export const tripShareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;
  app.post(
    '/:id/share',
    {
      schema: {
        tags: ['safety'],
        security,
        summary: 'Share my trip: a link for family (passenger or driver of a CONFIRMED booking)',
        params: idParam,
        response: { 201: envelope(tripShareSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await trips.shareTrip(deps, request.params.id, currentUser(request).id))),
  );
};

/** Under /trips, without sign-in: the shared trip page's data. */
export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/:token',
    {
      config: perIp(TRIP_VIEWS_PER_IP),
      schema: {
        tags: ['safety'],
        summary:
          'A shared trip (no sign-in): route, times, status, driver first name and rating, car, passenger first name',
        params: tripTokenParam,
        response: { 200: envelope(tripSchema) },
      },
    },
    async (request) => ok(await trips.sharedTrip(deps, request.params.token)),
  );
};
