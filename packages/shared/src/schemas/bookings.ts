import { z } from 'zod';
import { LEN } from '../constants.js';
import { MSG } from '../messages.js';
import { optionalText } from './common.js';
import { seatCount, type NumberSource } from './numbers.js';

/** The specification's client sends seatsRequested and falls back to seatsRequired; default 1. */
const bookRide = (numbers: NumberSource) =>
  z
    .object({
      seatsRequested: seatCount(numbers, MSG.seatsRange).optional(),
      seatsRequired: seatCount(numbers, MSG.seatsRange).optional(),
      pickupLocation: optionalText(LEN.pickup),
      dropLocation: optionalText(LEN.pickup),
    })
    .transform(({ seatsRequested, seatsRequired, ...rest }) => ({
      ...rest,
      seats: seatsRequested ?? seatsRequired ?? 1,
    }));

export const bookRideBody = bookRide('json');

/** The booking dialog: its seat field holds text until the schema reads it. */
export const bookRideForm = bookRide('text');
