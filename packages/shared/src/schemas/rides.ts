import { z } from 'zod';
import {
  LEN,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  RIDE_STATUSES,
  RADIUS_KM_DEFAULT,
  RADIUS_KM_MAX,
  RADIUS_KM_MIN,
  SEATS_MAX,
  SEATS_MIN,
} from '../constants.js';
import { MSG } from '../messages.js';
import { dateField, optionalText, requiredText, timeField } from './common.js';
import { rupees, seatCount, wholeNumber, type NumberSource } from './numbers.js';
import { womenOnlyQuery } from './safety.js';
import { checkNeighbours, stopPlaceField as placeField, stopsField } from './stops.js';

const differentPlaces = (v: { from: string; to: string }) => v.from.toLowerCase() !== v.to.toLowerCase();

/** The ride an offer or an edit describes; numbers as JSON sends them, or as a form's text fields hold them. */
const rideBody = (numbers: NumberSource) =>
  z
    .object({
      from: placeField(MSG.fromRequired),
      to: placeField(MSG.toRequired),
      departureDate: dateField(MSG.dateRequired),
      departureTime: timeField(MSG.timeRequired),
      passengers: seatCount(numbers, MSG.seatsRange).default(1),
      pricePerSeat: rupees(numbers),
      carModel: requiredText(MSG.carModelRequired, LEN.carModel),
      carNumber: requiredText(MSG.carNumberRequired, LEN.carNumber),
      additionalInfo: optionalText(LEN.additionalInfo, { multiline: true }),
      instantBooking: z.boolean({ error: 'Must be true or false' }).optional(),
      /** Section 9: only a driver whose gender is FEMALE may set it (403 otherwise). */
      womenOnly: z.boolean({ error: 'Must be true or false' }).optional(),
      /** Intermediate stops in travel order (CONTRACT.md section 7); absent on an edit: the stops stay. */
      stops: stopsField,
    })
    .refine(differentPlaces, { message: MSG.samePlace, path: ['to'] })
    .superRefine(checkNeighbours);

/** Date-not-in-the-past needs a clock: services check it with the injected one, forms with the browser's. */
export const offerRideBody = rideBody('json');

export const updateRideBody = offerRideBody;

/** The offer and edit forms: their seat and price fields hold text until the schema reads it. */
export const rideForm = rideBody('text');

export const rideStatusQuery = z.object({
  status: z.enum(RIDE_STATUSES, { error: 'Status must be ACTIVE, COMPLETED or CANCELLED' }),
});

export const queryNumber = (min: number, max: number) =>
  wholeNumber('text', MSG.numberBetween(min, max), min, max);
const limitField = queryNumber(1, PAGE_LIMIT_MAX);
/** Search along the way: how far from the searched places a ride may pass, whole km (CONTRACT.md section 7). */
const radiusField = wholeNumber('text', MSG.radiusRange, RADIUS_KM_MIN, RADIUS_KM_MAX).default(
  RADIUS_KM_DEFAULT,
);

export const searchQuery = z.object({
  from: requiredText(MSG.searchFromRequired, LEN.place),
  to: requiredText(MSG.searchToRequired, LEN.place),
  date: dateField(MSG.searchDateRequired),
  passengers: seatCount('text', MSG.passengersRange).default(1),
  radiusKm: radiusField,
  page: queryNumber(1, 1_000_000).default(1),
  limit: limitField.default(PAGE_LIMIT_DEFAULT),
  /** Section 9: `true` keeps women-only rides only; absent or `false` is every ride. */
  womenOnly: womenOnlyQuery,
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeInvalid);

/** What GET /rides/filter takes besides its dates and page (filter-query.ts). */
export const filterFields = {
  from: searchQuery.shape.from,
  to: searchQuery.shape.to,
  passengers: searchQuery.shape.passengers,
  radiusKm: radiusField,
  minPrice: queryNumber(0, 10_000_000).optional(),
  maxPrice: queryNumber(0, 10_000_000).optional(),
  departAfter: hhmm.optional(),
  departBefore: hhmm.optional(),
  minSeats: queryNumber(SEATS_MIN, SEATS_MAX).optional(),
  sort: z.enum(['departure', 'price', 'rating'], { error: MSG.sortInvalid }).default('departure'),
  limit: limitField.optional(),
  womenOnly: womenOnlyQuery,
};

export const locationsQuery = z.object({
  q: optionalText(LEN.place),
  limit: queryNumber(1, PAGE_LIMIT_MAX).default(10),
});
