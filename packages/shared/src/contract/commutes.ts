import { z } from 'zod';
import { COMMUTE_MSG } from '../messages.js';
import { idParam } from '../schemas/common.js';
import {
  commuteBody,
  commuteSchema,
  subscriptionBody,
  subscriptionResultSchema,
  unsubscribeResultSchema,
} from '../schemas/commutes.js';
import { defineCall } from './define.js';

/** Commuter mode (CONTRACT section 8). The calendar files (.ics) are not envelopes, so not calls here. */
const tag = 'commutes';

export const createCommute = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/commutes',
  auth: true,
  tag,
  summary: 'Create a commute',
  body: commuteBody,
  response: commuteSchema,
  status: 201,
  message: COMMUTE_MSG.created,
});

export const myCommutes = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/commutes/my',
  auth: true,
  tag,
  summary: "The signed-in driver's commutes",
  response: z.array(commuteSchema),
});

export const getCommute = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/commutes/{id}',
  auth: true,
  tag,
  summary: 'A commute with its next 14 days of rides',
  params: idParam,
  response: commuteSchema,
});

export const updateCommute = /* @__PURE__ */ defineCall({
  method: 'PUT',
  path: '/commutes/{id}',
  auth: true,
  tag,
  summary: 'Edit a commute (its unbooked and future rides)',
  params: idParam,
  body: commuteBody,
  response: commuteSchema,
  message: COMMUTE_MSG.updated,
});

export const stopCommute = /* @__PURE__ */ defineCall({
  method: 'DELETE',
  path: '/commutes/{id}',
  auth: true,
  tag,
  summary: 'Stop a commute: its future rides are cancelled',
  params: idParam,
  response: z.null(),
  message: COMMUTE_MSG.stopped,
});

export const subscribeCommute = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/commutes/{id}/subscriptions',
  auth: true,
  tag,
  summary: 'Book every matching ride of a commute, now and later',
  params: idParam,
  // Like booking one ride, a client may send no body at all: one seat, every day, both ways.
  body: subscriptionBody.nullish(),
  response: subscriptionResultSchema,
  status: 201,
  message: COMMUTE_MSG.subscribed,
});

export const unsubscribeCommute = /* @__PURE__ */ defineCall({
  method: 'DELETE',
  path: '/commutes/{id}/subscriptions/mine',
  auth: true,
  tag,
  summary: 'End the standing booking and cancel its open upcoming bookings',
  params: idParam,
  response: unsubscribeResultSchema,
  message: COMMUTE_MSG.unsubscribed,
});
