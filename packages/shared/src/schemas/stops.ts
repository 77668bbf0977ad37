import { z } from 'zod';
import { LEN, STOPS_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { hasForbiddenCharacter, normalizeText } from '../text.js';
import { timeOfDay } from '../time.js';
import { requiredText } from './common.js';

/**
 * Stops of a ride (CONTRACT.md section 7): the places between `from` and `to`, in travel order, each
 * with an optional IST time (`HH:mm`, or `HH:mm:ss` read as `HH:mm`, as the departure time is). A stop
 * without a time gets one the server estimates from the distance.
 */
const hasLetterOrDigit = (v: string) => /[\p{L}\p{N}]/u.test(v.normalize('NFKD').replace(/\p{M}/gu, ''));

export const stopPlaceField = (required: string) =>
  requiredText(required, LEN.place).refine(hasLetterOrDigit, MSG.placeNeedsLetters);

/** Optional, liberal like other times: blank or null is "estimate it". */
const stopTime = z
  .string({ error: MSG.timeInvalid })
  .refine((v) => !hasForbiddenCharacter(v, false), { message: MSG.textForbidden, abort: true })
  .overwrite((v) => normalizeText(v, false))
  .refine((v) => v === '' || timeOfDay(v) !== null, MSG.timeInvalid)
  .transform((v) => (v === '' ? null : timeOfDay(v)!))
  .nullish()
  .transform((v) => v ?? null);

export const stopInput = z.object(
  {
    place: stopPlaceField(MSG.stopPlaceRequired),
    time: stopTime,
  },
  // A stop that is not `{ place, time? }` (null, a bare name).
  { error: MSG.stopsInvalid },
);
export type StopInput = z.infer<typeof stopInput>;

export const stopsField = z
  .array(stopInput, { error: MSG.stopsInvalid })
  .max(STOPS_MAX, MSG.stopsTooMany)
  .optional();

/** Places compare as the server keys them: case, spaces and accents do not make two places different. */
export const samePlaceName = (a: string, b: string) => placeKey(a) === placeKey(b);
const placeKey = (v: string) =>
  v
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Each point differs from the one before it (from, the stops, to). Reported on the stop (or on `to`),
 * so a form shows the text under the field to change.
 */
export function checkNeighbours(
  v: { from: string; to: string; stops?: readonly { place: string }[] | undefined },
  ctx: z.RefinementCtx,
): void {
  const stops = v.stops ?? [];
  let previous = v.from;
  stops.forEach((stop, i) => {
    if (samePlaceName(previous, stop.place)) {
      ctx.addIssue({ code: 'custom', path: ['stops', i, 'place'], message: MSG.stopSameAsNeighbour });
    }
    previous = stop.place;
  });
  if (stops.length > 0 && samePlaceName(previous, v.to)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.stopSameAsNeighbour });
  }
}
