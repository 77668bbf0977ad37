import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract, idParam, subscriptionBody } from '@saathchalo/shared';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import { perUser } from '../../plugins/rate-limit.js';
import { bookingCalendar, commuteCalendar } from './calendar.service.js';
import * as commutes from './commutes.service.js';
import { stopCommute, subscribe, unsubscribe } from './stop-and-subscribe.js';

const tags = ['commutes'];
const security = [{ bearerAuth: [] }];
const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * Per account and 15 minutes. Each commute made or edited writes up to 28 rides, and each standing booking
 * made or ended mails the driver (one summary, or a mail per cancelled booking): without a bound one loop
 * floods search with rides, or a driver's inbox with mails from someone she would rather not hear from.
 * Each route counts on its own: 10 standing bookings made and 10 ended.
 */
const LIMITS = { creates: 20, edits: 60, standingChanges: 10 } as const;

/** Commuter mode, CONTRACT.md section 8; signed in. */
export const commutesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;
  const me = (request: FastifyRequest) => currentUser(request).id;

  route(app, contract.createCommute, { config: perUser(LIMITS.creates) }, async (request) =>
    commutes.createCommute(deps, me(request), request.body),
  );
  route(app, contract.myCommutes, async (request) => commutes.myCommutes(deps, me(request)));
  route(app, contract.getCommute, async (request) =>
    commutes.getCommute(deps, request.params.id, me(request)),
  );
  route(app, contract.updateCommute, { config: perUser(LIMITS.edits) }, async (request) =>
    commutes.updateCommute(deps, request.params.id, me(request), request.body),
  );
  route(app, contract.stopCommute, async (request) => {
    await stopCommute(deps, request.params.id, me(request));
    return null;
  });
  const standing = { config: perUser(LIMITS.standingChanges) };
  route(app, contract.subscribeCommute, standing, async (request) =>
    subscribe(deps, request.params.id, me(request), request.body ?? subscriptionBody.parse({})),
  );
  route(app, contract.unsubscribeCommute, standing, async (request) =>
    unsubscribe(deps, request.params.id, me(request)),
  );
  calendarRoute(app);
};

/** The commute's calendar, under /commutes/{id}: a file, not an envelope. */
function calendarRoute(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const deps = app.deps;
  const one = { tags, security, params: idParam };
  app.get(
    '/:id/calendar.ics',
    { schema: { ...one, summary: 'The commute as a repeating calendar event (.ics, IST)' } },
    async (request, reply) =>
      reply
        .type(ICS_TYPE)
        .header('content-disposition', 'attachment; filename="commute.ics"')
        .send(await commuteCalendar(deps, request.params.id, currentUser(request).id)),
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
