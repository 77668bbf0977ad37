import { commuteForm, MSG } from '@saathchalo/shared';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { latestEndDate } from './repeat-rules';

/** The edit-commute form: the shared commute schema plus the rule that needs a clock (end within 6 months). */
const editCommuteSchema = commuteForm.refine((v) => !v.endDate || v.endDate <= latestEndDate(), {
  message: MSG.commuteEndTooFar,
  path: ['endDate'],
});

/** An empty time or date field holds '': for the schema that is "none". */
const blankIsNone = (values: unknown) => {
  if (!values || typeof values !== 'object') return values;
  const v = values as Record<string, unknown>;
  return { ...v, returnTime: v.returnTime || null, endDate: v.endDate || null };
};

export type EditCommuteIn = Omit<z.input<typeof editCommuteSchema>, 'returnTime' | 'endDate'> & {
  returnTime: string;
  endDate: string;
};
export type EditCommuteOut = z.output<typeof editCommuteSchema>;

const editCommuteForm = z.preprocess(blankIsNone, editCommuteSchema) as unknown as z.ZodType<
  EditCommuteOut,
  EditCommuteIn
>;
export const editCommuteResolver: Resolver<EditCommuteIn, unknown, EditCommuteOut> =
  zodResolver(editCommuteForm);
