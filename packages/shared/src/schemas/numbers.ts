import { z } from 'zod';
import { PRICE_MAX, PRICE_MIN, SEATS_MAX, SEATS_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { wholeNumberText } from './common.js';

/**
 * Where a number comes from decides how it is read: a JSON body carries numbers (a `"300"`, `true` or
 * `[300]` there is refused), a query string or a form field carries text, read in decimal only.
 */
export type NumberSource = 'json' | 'text';

const inRange = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const wholeNumber = (source: NumberSource, message: string, min: number, max: number) =>
  source === 'json' ? inRange(message, min, max) : wholeNumberText(message).pipe(inRange(message, min, max));

export const seatCount = (source: NumberSource, message: string) =>
  wholeNumber(source, message, SEATS_MIN, SEATS_MAX);

export const rupees = (source: NumberSource) => wholeNumber(source, MSG.priceInvalid, PRICE_MIN, PRICE_MAX);
