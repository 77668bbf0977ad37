import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../schemas/common.js';
import { filterQuery } from '../schemas/filter-query.js';
import { rideSchema } from '../schemas/models.js';
import {
  locationsQuery,
  offerRideBody,
  rideStatusQuery,
  searchQuery,
  updateRideBody,
} from '../schemas/rides.js';
import { defineCall } from './define.js';

const tag = 'rides';
const rideList = /* @__PURE__ */ z.array(rideSchema);

export const offerRide = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/rides/offer',
  auth: true,
  tag,
  summary: 'Offer a ride',
  body: offerRideBody,
  response: rideSchema,
  status: 201,
  message: MSG.rideOffered,
});

export const myRides = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/rides/my-rides',
  auth: true,
  tag,
  summary: "The signed-in driver's rides with their passengers",
  response: rideList,
});

export const getRide = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/rides/{id}',
  auth: true,
  tag,
  summary: 'One ride; passengers and their phones only for its driver',
  params: idParam,
  response: rideSchema,
});

export const updateRide = /* @__PURE__ */ defineCall({
  method: 'PUT',
  path: '/rides/{id}/update',
  auth: true,
  tag,
  summary: 'Edit a ride (driver only); seats not below those held',
  params: idParam,
  body: updateRideBody,
  response: rideSchema,
  message: MSG.rideUpdated,
});

export const deleteRide = /* @__PURE__ */ defineCall({
  method: 'DELETE',
  path: '/rides/{id}',
  auth: true,
  tag,
  summary: 'Delete a ride (driver only): open bookings are cancelled, completed history stays',
  params: idParam,
  response: z.null(),
  message: MSG.rideDeleted,
});

export const cancelRide = /* @__PURE__ */ defineCall({
  method: 'DELETE',
  path: '/rides/{id}/cancel',
  auth: true,
  tag,
  summary: 'Cancel a ride (driver only): its open bookings are cancelled',
  params: idParam,
  response: rideSchema,
  message: MSG.rideCancelled,
});

export const changeRideStatus = /* @__PURE__ */ defineCall({
  method: 'PUT',
  path: '/rides/{id}/status',
  auth: true,
  tag,
  summary: 'Change a ride status (driver only): ACTIVE, COMPLETED or CANCELLED, with cascades',
  params: idParam,
  query: rideStatusQuery,
  response: rideSchema,
  message: MSG.rideStatusUpdated,
});

export const searchRides = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/rides/search',
  auth: true,
  tag,
  summary: 'Search bookable rides by place (prefix, word and old/new names), date and seats; soonest first',
  query: searchQuery,
  response: rideList,
});

export const filterRides = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/rides/filter',
  auth: true,
  tag,
  summary: 'Search with price, departure window and seat filters, sorted by departure, price or rating',
  query: filterQuery,
  response: rideList,
});

const locations = (side: 'from' | 'to') =>
  defineCall({
    method: 'GET',
    path: `/rides/locations/${side}`,
    auth: true,
    tag,
    summary: `Place names for the "${side}" autocomplete (optional q prefix), busiest first`,
    query: locationsQuery,
    response: z.array(z.string()),
  });

export const locationsFrom = /* @__PURE__ */ locations('from');
export const locationsTo = /* @__PURE__ */ locations('to');
