import { z } from 'zod';
import { COMMUTE_DAYS, COMMUTE_DIRECTIONS, COMMUTE_STATUSES, LEN, type CancelReason } from '../constants.js';
import { MSG } from '../messages.js';
import { dateField, optionalText, requiredText, timeField } from './common.js';
import { rideSchema } from './models.js';
import { rupees, seatCount, wholeNumber, type NumberSource } from './numbers.js';
import { checkNeighbours, stopsField } from './stops.js';

/** Section 8 of CONTRACT.md: commutes, standing bookings, expiry. */

/** How far ahead rides of a commute exist, and how far its end date may lie (months). */
export const COMMUTE_HORIZON_DAYS = 14;
export const COMMUTE_END_MAX_MONTHS = 6;
export const COMMUTE_STOPS_MAX = 6;

/** What a passenger reads beside a cancelled booking (web), one text per reason. */
export const CANCEL_REASON_TEXT: Record<CancelReason, string> = {
  PASSENGER: 'Cancelled by the passenger',
  DRIVER: 'Declined by the driver',
  RIDE_CANCELLED: 'Cancelled: the driver cancelled this ride',
  EXPIRED: 'Expired: the driver did not answer in time',
  ACCOUNT_DELETED: 'Cancelled: the account was deleted',
};

/** Days in week order, each once: the order a client sent them in carries no meaning. */
const daysField = z
  .array(z.enum(COMMUTE_DAYS, { error: MSG.commuteDayInvalid }), { error: MSG.commuteDaysRequired })
  .min(1, MSG.commuteDaysRequired)
  .max(COMMUTE_DAYS.length * 2, MSG.commuteDaysRequired)
  .transform((days) => COMMUTE_DAYS.filter((d) => days.includes(d)));

/**
 * A commute as offered or edited. End date within 6 months and start date not in the past need a clock:
 * the server checks them with the injected one, the form with the browser's.
 */
const commuteBodyOf = (numbers: NumberSource) =>
  z
    .object({
      from: requiredText(MSG.fromRequired, LEN.place),
      to: requiredText(MSG.toRequired, LEN.place),
      /** Stops of the outbound trip in travel order (section 7); the return trip passes them in reverse. */
      stops: stopsField,
      days: daysField,
      departureTime: timeField(MSG.timeRequired),
      returnTime: timeField(MSG.timeInvalid).nullish(),
      startDate: dateField(MSG.commuteStartRequired),
      endDate: dateField(MSG.dateInvalid).nullish(),
      seats: seatCount(numbers, MSG.seatsRange),
      pricePerSeat: rupees(numbers),
      carModel: requiredText(MSG.carModelRequired, LEN.carModel),
      carNumber: requiredText(MSG.carNumberRequired, LEN.carNumber),
      additionalInfo: optionalText(LEN.additionalInfo, { multiline: true }),
      instantBooking: z.boolean({ error: 'Must be true or false' }).optional(),
      /** Section 9, as on a ride: its rides are women-only; a FEMALE driver only (403); absent on an edit: kept. */
      womenOnly: z.boolean({ error: 'Must be true or false' }).optional(),
    })
    .refine((v) => v.from.toLowerCase() !== v.to.toLowerCase(), { message: MSG.samePlace, path: ['to'] })
    .refine((v) => !v.endDate || v.endDate >= v.startDate, {
      message: MSG.commuteEndBeforeStart,
      path: ['endDate'],
    })
    .refine((v) => !v.returnTime || v.returnTime !== v.departureTime, {
      message: MSG.commuteReturnSameTime,
      path: ['returnTime'],
    })
    .superRefine(checkNeighbours);

export const commuteBody = commuteBodyOf('json');
export type CommuteBody = z.infer<typeof commuteBody>;
/** The "Repeat on" part of the offer form: seats and price as the form's text fields hold them. */
export const commuteForm = commuteBodyOf('text');

const stopIndex = wholeNumber('json', MSG.stopIndexInvalid, 0, COMMUTE_STOPS_MAX + 1);

/** A standing booking: every matching ride of the commute, now and as it is materialised. */
export const subscriptionBody = z.object({
  seats: seatCount('json', MSG.seatsRange).default(1),
  days: daysField.optional(),
  direction: z.enum(COMMUTE_DIRECTIONS, { error: MSG.commuteDirectionInvalid }).optional(),
  fromStop: stopIndex.optional(),
  toStop: stopIndex.optional(),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export const commuteStopSchema = z.object({ place: z.string(), time: z.string().nullable() });

export const subscriptionSchema = z.object({
  seats: z.number(),
  days: z.array(z.enum(COMMUTE_DAYS)),
  direction: z.enum(COMMUTE_DIRECTIONS).nullable(),
  fromStop: z.number().nullable(),
  toStop: z.number().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const commuteSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  stops: z.array(commuteStopSchema),
  days: z.array(z.enum(COMMUTE_DAYS)),
  departureTime: z.string(),
  returnTime: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  seats: z.number(),
  pricePerSeat: z.number(),
  carModel: z.string(),
  carNumber: z.string(),
  additionalInfo: z.string().nullable(),
  instantBooking: z.boolean(),
  womenOnly: z.boolean(),
  status: z.enum(COMMUTE_STATUSES),
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), rating: z.number() }),
  /** The next 14 days' rides (IST), soonest first; ACTIVE and CANCELLED (a skipped day) both. */
  upcoming: z.array(rideSchema),
  /** The signed-in viewer's standing booking on this commute, if any (null for the driver). */
  subscription: subscriptionSchema.nullable().optional(),
});
export type Commute = z.infer<typeof commuteSchema>;

export const subscriptionResultSchema = z.object({
  booked: z.array(
    z.object({
      rideId: z.string(),
      date: z.string(),
      bookingId: z.string(),
      status: z.enum(['PENDING', 'CONFIRMED']),
    }),
  ),
  full: z.array(z.object({ rideId: z.string(), date: z.string() })),
});
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;

/** `DELETE /commutes/{id}/subscriptions/mine`: how many open upcoming bookings it cancelled. */
export const unsubscribeResultSchema = z.object({ cancelled: z.number() });
