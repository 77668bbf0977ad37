import { z } from 'zod';
import { LEN, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { isValidDate, isValidTime } from '../time.js';

/** A required text field: missing, non-string or blank all give the same specification text. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, MSG.tooLong(max));

export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, MSG.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

export const dateField = (required: string) =>
  requiredText(required, 10).refine(isValidDate, MSG.dateInvalid);

export const timeField = (required: string) =>
  requiredText(required, 5).refine(isValidTime, MSG.timeInvalid);

export const idParam = z.object({ id: z.string().min(1).max(LEN.id) });

/** Query strings arrive as text; numbers in them are coerced. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
});

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    data,
    message: z.string(),
    error: z.string().nullable(),
  });

export type Envelope<T> = { success: boolean; data: T; message: string; error: string | null };
