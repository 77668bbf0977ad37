import {
  addDays,
  COMMUTE_DAYS,
  COMMUTE_HORIZON_DAYS,
  istDate,
  istToUtcMs,
  weekdayOf,
  type CommuteDay,
} from '@saathchalo/shared';

// The weekday of a date is shared: the marketplace core's mails name it too (cancelled-together.ts).
export { weekdayOf };

export const parseDays = (days: string): CommuteDay[] =>
  COMMUTE_DAYS.filter((d) => days.split(',').includes(d));

const datesMemo = new Map<string, readonly string[]>();

/**
 * The dates from `first` to `last` (inclusive) that fall on one of `days`. Remembered: a batch of commutes
 * asks the same few questions thousands of times (their horizon is the same 14 days).
 */
export function datesOn(days: readonly CommuteDay[], first: string, last: string): string[] {
  const key = `${days.join(',')}|${first}|${last}`;
  let dates = datesMemo.get(key);
  if (dates === undefined) {
    const out: string[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) if (days.includes(weekdayOf(d))) out.push(d);
    if (datesMemo.size >= 1_000) datesMemo.clear();
    datesMemo.set(key, out);
    dates = out;
  }
  return [...dates];
}

/** The 14 IST days a commute keeps materialised, today first, within its own start and end. */
export function horizonOf(
  nowMs: number,
  commute: { startDate: string; endDate: string | null },
): { first: string; last: string } {
  const today = istDate(nowMs);
  const first = commute.startDate > today ? commute.startDate : today;
  const end = addDays(today, COMMUTE_HORIZON_DAYS - 1);
  return { first, last: commute.endDate && commute.endDate < end ? commute.endDate : end };
}

/** Midnight IST after `nowMs`: when the next day enters the horizon. */
export const nextIstMidnight = (nowMs: number): number => istToUtcMs(addDays(istDate(nowMs), 1), '00:00');

/** The same day `months` later, clamped to the month's end (31 Aug + 6 months is 28 or 29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}
