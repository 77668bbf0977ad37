import { z } from 'zod';
import { LEN } from '../constants.js';
import { MSG } from '../messages.js';
import { hasForbiddenCharacter, normalizeText } from '../text.js';
import { isValidDate, timeOfDay } from '../time.js';

interface TextOptions {
  /** Keeps newline, tab and carriage return (a bio, additional info, a comment). */
  multiline?: boolean;
}

/**
 * Every free text of the API and the forms goes through here: the JSON type checked, characters that
 * would mislead other readers refused (text.ts), then NFC and trimmed before its length is checked.
 */
const text = (typeMessage: string, { multiline = false }: TextOptions = {}) =>
  z
    .string({ error: typeMessage })
    .refine((v) => !hasForbiddenCharacter(v, multiline), { message: MSG.textForbidden, abort: true })
    .overwrite((v) => normalizeText(v, multiline));

/** A required text field: missing, non-string or blank all give the same specification text. */
export const requiredText = (message: string, max: number, options?: TextOptions) =>
  text(message, options).min(1, message).max(max, MSG.tooLong(max));

/** An optional text field; blank is null. `tooLong` replaces the generic length text where the screen has its own. */
export const optionalText = (max: number, options: TextOptions & { tooLong?: string } = {}) =>
  text(options.tooLong ?? 'Must be text', options)
    .max(max, options.tooLong ?? MSG.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

export const dateField = (required: string) =>
  requiredText(required, 10).refine(isValidDate, MSG.dateInvalid);

/** `HH:mm`; `HH:mm:ss` (the specification's own server's format, which its forms may send back) loses its seconds. */
export const timeField = (required: string) =>
  requiredText(required, 8)
    .refine((v) => timeOfDay(v) !== null, MSG.timeInvalid)
    .transform((v) => timeOfDay(v)!);

/** An id in a path or a body: any text an id could be, so an unknown one is a 404, but never a control character. */
export const idField = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(LEN.id, MSG.idInvalid)
    .refine((v) => !hasForbiddenCharacter(v, false), MSG.idInvalid);

export const idParam = z.object({ id: idField(MSG.idInvalid) });

/**
 * A whole number where the value may be text: a query string, or a form field before it is sent.
 * Decimal digits only (`0x8`, `1e1`, `2.0`, `+2` and blanks are refused, unlike `Number()`).
 * JSON bodies use `z.number()` instead: a `"300"` there is a client's bug, not a number.
 */
export const wholeNumberText = (message: string = MSG.numberInvalid) =>
  // Each branch carries the message too: form resolvers show a failed union by its first branch's issue.
  z.union(
    [
      z.number({ error: message }),
      z
        .string({ error: message })
        .regex(/^\d{1,9}$/, message)
        .transform(Number),
    ],
    { error: message },
  );

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    data,
    message: z.string(),
    error: z.string().nullable(),
  });

export type Envelope<T> = { success: boolean; data: T; message: string; error: string | null };
