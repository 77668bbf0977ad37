import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { addDays } from '../time.js';
import { dateField } from './common.js';
import { filterFields, queryNumber } from './rides.js';

/** The longest date range one filter reads: a month of rides on a corridor stays one indexed walk per pair. */
const FILTER_RANGE_DAYS = 31;

/**
 * GET /rides/filter (decision 012). Dates: `date` is one day; `startDate` with `endDate` is that range,
 * both included, at most FILTER_RANGE_DAYS days; `startDate` alone is the FILTER_RANGE_DAYS days from it;
 * `date` with either of the others is refused, as is `endDate` alone. Pages: with `size`, `page` counts
 * from 0 (the specification's client); without, `page` counts from 1 with `limit` (the contract); `size`
 * and `limit` together are refused. The output is always one form: `date`..`endDate`, `page` from 1, `limit`.
 */
export const filterQuery = z
  .object({
    ...filterFields,
    date: dateField(MSG.searchDateRequired).optional(),
    startDate: dateField(MSG.searchDateRequired).optional(),
    endDate: dateField(MSG.searchDateRequired).optional(),
    page: queryNumber(0, 1_000_000).optional(),
    size: queryNumber(1, PAGE_LIMIT_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.date && (v.startDate || v.endDate)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: MSG.dateRangeConflict });
    } else if (!v.date && !v.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: [v.endDate ? 'startDate' : 'date'],
        message: MSG.searchDateRequired,
      });
    } else if (
      v.startDate &&
      v.endDate &&
      (v.endDate < v.startDate || v.endDate > addDays(v.startDate, FILTER_RANGE_DAYS - 1))
    ) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.dateRangeInvalid });
    }
    // A window that is empty by its own bounds is the client's mistake, not a search with no rides.
    if (v.minPrice !== undefined && v.maxPrice !== undefined && v.maxPrice < v.minPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: MSG.priceRangeInvalid });
    }
    if (v.departAfter !== undefined && v.departBefore !== undefined && v.departBefore < v.departAfter) {
      ctx.addIssue({ code: 'custom', path: ['departBefore'], message: MSG.timeRangeInvalid });
    }
    if (v.size !== undefined && v.limit !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['size'], message: MSG.pageSizeConflict });
    } else if (v.size === undefined && v.page === 0) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: MSG.pageInvalid });
    }
  })
  .transform(({ date, startDate, endDate, page, size, limit, ...rest }) => {
    const first = (date ?? startDate)!;
    return {
      ...rest,
      date: first,
      endDate: date ? date : (endDate ?? addDays(first, FILTER_RANGE_DAYS - 1)),
      page: size === undefined ? (page ?? 1) : (page ?? 0) + 1,
      limit: size ?? limit ?? PAGE_LIMIT_DEFAULT,
    };
  });
