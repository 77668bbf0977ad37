import { z } from 'zod';
import { clientConfigSchema } from '../schemas/models.js';
import { placeSchema, placesQuery } from '../schemas/places.js';
import { defineCall } from './define.js';

/** Places with coordinates (CONTRACT section 7), and what the web app needs to draw a route. */
export const findPlaces = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/places',
  auth: false,
  tag: 'places',
  summary:
    'Places for autocomplete (q: exact, then prefix, then bigger places; up to 10), or the nearest to lat/lng',
  query: placesQuery,
  response: z.array(placeSchema),
});

export const clientConfig = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/config',
  auth: false,
  tag: 'health',
  summary: 'The web app configuration: map tiles for route pictures',
  response: clientConfigSchema,
});
