import { z } from 'zod';
import { LEN, STOPS_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { optionalText } from './common.js';
import { seatCount, wholeNumber, type NumberSource } from './numbers.js';

/** A point index of the ride: 0 is its `from`, at most STOPS_MAX + 1 (its `to` with every stop). */
const stopIndex = (numbers: NumberSource) =>
  wholeNumber(numbers, MSG.stopIndexInvalid, 0, STOPS_MAX + 1).optional();

/** The specification's client sends seatsRequested and falls back to seatsRequired; default 1. */
const bookRide = (numbers: NumberSource) =>
  z
    .object({
      seatsRequested: seatCount(numbers, MSG.seatsRange).optional(),
      seatsRequired: seatCount(numbers, MSG.seatsRange).optional(),
      pickupLocation: optionalText(LEN.pickup),
      dropLocation: optionalText(LEN.pickup),
      /** The segment (CONTRACT.md section 7): point indexes, default the whole route. */
      fromStop: stopIndex(numbers),
      toStop: stopIndex(numbers),
      /** The places the passenger searched, so the server prices the segment search showed. */
      pickupPlace: optionalText(LEN.place),
      dropPlace: optionalText(LEN.place),
    })
    .refine((v) => v.fromStop === undefined || v.toStop === undefined || v.toStop > v.fromStop, {
      message: MSG.segmentOrder,
      path: ['toStop'],
    })
    .transform(({ seatsRequested, seatsRequired, ...rest }) => ({
      ...rest,
      seats: seatsRequested ?? seatsRequired ?? 1,
    }));

export const bookRideBody = bookRide('json');

/** The booking dialog: its seat field holds text until the schema reads it. */
export const bookRideForm = bookRide('text');
