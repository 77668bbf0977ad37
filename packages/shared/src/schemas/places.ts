import { z } from 'zod';
import { LEN } from '../constants.js';
import { optionalText } from './common.js';

/** GET /api/places?q= : autocomplete over the gazetteer (CONTRACT.md section 7). */
export const placesQuery = z.object({
  q: optionalText(LEN.place),
});

export const PLACE_KINDS = ['city', 'locality', 'town'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A gazetteer place: `area` is the city a locality belongs to (a city's or town's own name otherwise). */
export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  area: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  kind: z.enum(PLACE_KINDS),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * One point of a ride: index 0 is `from`, the last is `to`. `lat`/`lng` are null for a place the
 * gazetteer does not know; `seatsToNext` is what is free on the leg that starts here (null on the last).
 */
export const rideStopSchema = z.object({
  index: z.number(),
  place: z.string(),
  time: z.string(),
  date: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  estimated: z.boolean(),
  seatsToNext: z.number().nullable(),
});
export type RideStop = z.infer<typeof rideStopSchema>;

/** Where a passenger boards or leaves, and when (IST). */
export const placeAtSchema = z.object({ place: z.string(), date: z.string(), time: z.string() });
export type PlaceAt = z.infer<typeof placeAtSchema>;

const segmentEnd = placeAtSchema.extend({
  /** How far the searched place is from where the passenger boards or leaves. */
  distanceKm: z.number().nullable(),
});

/** Search and filter results: the part of the ride the searcher would travel (filled by search along the way). */
export const segmentSchema = z.object({
  fromStop: z.number(),
  toStop: z.number(),
  from: segmentEnd,
  to: segmentEnd,
  pricePerSeat: z.number(),
  availableSeats: z.number(),
});
export type Segment = z.infer<typeof segmentSchema>;
