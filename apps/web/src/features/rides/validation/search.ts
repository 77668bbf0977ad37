import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { searchQuery } from '@saathchalo/shared';

/** The search of specification section 3; the time is collected but not sent. */
export const searchForm = searchQuery.pick({ from: true, to: true, date: true, passengers: true }).extend({
  time: z.string().optional(),
  womenOnly: z.boolean().optional(),
});
export type SearchFormIn = z.input<typeof searchForm>;
export type SearchFormOut = z.output<typeof searchForm>;

/** Loaded on first use (see lib/lazy-resolver). */
export const searchResolver = zodResolver(searchForm);
