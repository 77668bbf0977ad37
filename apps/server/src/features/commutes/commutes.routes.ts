import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMUTE_MSG,
  commuteBody,
  commuteSchema,
  envelope,
  idParam,
  subscriptionBody,
  subscriptionResultSchema,
  unsubscribeResultSchema,
} from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import { bookingCalendar, commuteCalendar } from './calendar.service.js';
import * as commutes from './commutes.service.js';
import { stopCommute, subscribe, unsubscribe } from './stop-and-subscribe.js';

const tags = ['commutes'];
const security = [{ bearerAuth: [] }];
const ICS_TYPE = 'text/calendar; charset=utf-8';

/** Commuter mode, CONTRACT.md section 8; signed in. */
export const commutesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;
  const one = { tags, security, params: idParam };

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a commute',
        body: commuteBody,
        response: { 201: envelope(commuteSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await commutes.createCommute(deps, currentUser(request).id, request.body), COMMUTE_MSG.created),
        ),
  );
  app.get(
    '/my',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in driver's commutes",
        response: { 200: envelope(z.array(commuteSchema)) },
      },
    },
    async (request) => ok(await commutes.myCommutes(deps, currentUser(request).id)),
  );
  app.get(
    '/:id',
    {
      schema: {
        ...one,
        summary: 'A commute with its next 14 days of rides',
        response: { 200: envelope(commuteSchema) },
      },
    },
    async (request) => ok(await commutes.getCommute(deps, request.params.id, currentUser(request).id)),
  );
  app.put(
    '/:id',
    {
      schema: {
        ...one,
        summary: 'Edit a commute (its unbooked and future rides)',
        body: commuteBody,
        response: { 200: envelope(commuteSchema) },
      },
    },
    async (request) =>
      ok(
        await commutes.updateCommute(deps, request.params.id, currentUser(request).id, request.body),
        COMMUTE_MSG.updated,
      ),
  );
  app.delete(
    '/:id',
    {
      schema: {
        ...one,
        summary: 'Stop a commute: its future rides are cancelled',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await stopCommute(deps, request.params.id, currentUser(request).id);
      return ok(null, COMMUTE_MSG.stopped);
    },
  );
  subscriptionRoutes(app);
};

/** Standing bookings and the commute's calendar, under /commutes/{id}. */
function subscriptionRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const deps = app.deps;
  const one = { tags, security, params: idParam };
  app.post(
    '/:id/subscriptions',
    {
      schema: {
        ...one,
        summary: 'Book every matching ride of a commute, now and later',
        body: subscriptionBody.nullish(),
        response: { 201: envelope(subscriptionResultSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body ?? subscriptionBody.parse({});
      const result = await subscribe(deps, request.params.id, currentUser(request).id, body);
      return reply.status(201).send(ok(result, COMMUTE_MSG.subscribed));
    },
  );
  app.delete(
    '/:id/subscriptions/mine',
    {
      schema: {
        ...one,
        summary: 'End the standing booking and cancel its open upcoming bookings',
        response: { 200: envelope(unsubscribeResultSchema) },
      },
    },
    async (request) =>
      ok(await unsubscribe(deps, request.params.id, currentUser(request).id), COMMUTE_MSG.unsubscribed),
  );
  app.get(
    '/:id/calendar.ics',
    { schema: { ...one, summary: 'The commute as a repeating calendar event (.ics, IST)' } },
    async (request, reply) =>
      reply
        .type(ICS_TYPE)
        .header('content-disposition', 'attachment; filename="commute.ics"')
        .send(await commuteCalendar(deps, request.params.id)),
  );
}

/** A booking's calendar event, under /bookings; its passenger or driver only. */
export const bookingCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/:id/calendar.ics',
    {
      schema: {
        tags: ['bookings'],
        security,
        params: idParam,
        summary: 'The booking as a calendar event (.ics, IST)',
      },
    },
    async (request, reply) =>
      reply
        .type(ICS_TYPE)
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(await bookingCalendar(app.deps, request.params.id, currentUser(request).id)),
  );
};
