import { z } from 'zod';
import { LEN, SEATS_MAX, SEATS_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { optionalText } from './common.js';

const seats = z.coerce.number({ error: MSG.seatsRange }).int(MSG.seatsRange).min(SEATS_MIN, MSG.seatsRange).max(SEATS_MAX, MSG.seatsRange);

/** The specification's client sends seatsRequested and falls back to seatsRequired; default 1. */
export const bookRideBody = z
  .object({
    seatsRequested: seats.optional(),
    seatsRequired: seats.optional(),
    pickupLocation: optionalText(LEN.pickup),
    dropLocation: optionalText(LEN.pickup),
  })
  .transform(({ seatsRequested, seatsRequired, ...rest }) => ({
    ...rest,
    seats: seatsRequested ?? seatsRequired ?? 1,
  }));
export type BookRideBody = z.input<typeof bookRideBody>;
