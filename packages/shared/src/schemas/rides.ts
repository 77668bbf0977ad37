import { z } from 'zod';
import { LEN, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PRICE_MAX, PRICE_MIN, RIDE_STATUSES, SEATS_MAX, SEATS_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { dateField, optionalText, requiredText, timeField } from './common.js';

const seats = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(SEATS_MIN, message).max(SEATS_MAX, message);

const price = z.coerce
  .number({ error: MSG.priceInvalid })
  .int(MSG.priceInvalid)
  .min(PRICE_MIN, MSG.priceInvalid)
  .max(PRICE_MAX, MSG.priceInvalid);

const rideFields = {
  from: requiredText(MSG.fromRequired, LEN.place),
  to: requiredText(MSG.toRequired, LEN.place),
  departureDate: dateField(MSG.dateRequired),
  departureTime: timeField(MSG.timeRequired),
  passengers: seats(MSG.seatsRange).default(1),
  pricePerSeat: price,
  carModel: requiredText(MSG.carModelRequired, LEN.carModel),
  carNumber: requiredText(MSG.carNumberRequired, LEN.carNumber),
  additionalInfo: optionalText(LEN.additionalInfo),
  instantBooking: z.boolean({ error: 'Must be true or false' }).optional(),
};

const differentPlaces = (v: { from: string; to: string }) =>
  v.from.trim().toLowerCase() !== v.to.trim().toLowerCase();

/** Date-not-in-the-past needs a clock: services check it with the injected one, forms with the browser's. */
export const offerRideBody = z
  .object(rideFields)
  .refine(differentPlaces, { message: MSG.samePlace, path: ['to'] });
export type OfferRideBody = z.input<typeof offerRideBody>;

export const updateRideBody = offerRideBody;
export type UpdateRideBody = z.input<typeof updateRideBody>;

export const rideStatusQuery = z.object({ status: z.enum(RIDE_STATUSES, { error: 'Status must be ACTIVE, COMPLETED or CANCELLED' }) });

const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};

export const searchQuery = z.object({
  from: requiredText(MSG.searchFromRequired, LEN.place),
  to: requiredText(MSG.searchToRequired, LEN.place),
  date: dateField(MSG.searchDateRequired),
  passengers: seats(MSG.passengersRange).default(1),
  ...pageFields,
});
export type SearchQuery = z.input<typeof searchQuery>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeInvalid);

export const filterQuery = searchQuery.extend({
  minPrice: z.coerce.number().int().min(0).optional(),
  maxPrice: z.coerce.number().int().min(0).optional(),
  departAfter: hhmm.optional(),
  departBefore: hhmm.optional(),
  minSeats: z.coerce.number().int().min(SEATS_MIN).max(SEATS_MAX).optional(),
  sort: z.enum(['departure', 'price', 'rating']).default('departure'),
});
export type FilterQuery = z.input<typeof filterQuery>;

export const locationsQuery = z.object({
  q: z.string().trim().max(LEN.place).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(10),
});
