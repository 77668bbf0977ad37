import { COMMUTE_DAYS, dayShort, formatDays, returnsNextDay, type CommuteDay } from '@saathchalo/shared';

const LONG: Record<CommuteDay, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};

export { dayShort, formatDays };
export const dayLong = (d: CommuteDay) => LONG[d];

/** A commute ride's mark in search results: "Mon–Fri, 08:30". */
export const commuteLabel = (days: readonly string[], time: string) => `${formatDays(days)}, ${time}`;

/** The weekday of an IST calendar date (YYYY-MM-DD). */
export function weekdayOf(date: string): CommuteDay {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return COMMUTE_DAYS[(day + 6) % 7]!;
}

/**
 * "at 18:00", or "the next morning at 06:00" for a return earlier than the departure: a night shift
 * comes back the day after (the server makes that return the next morning).
 */
export const returnWhen = (departureTime: string, returnTime: string) =>
  `${returnsNextDay(departureTime, returnTime) ? 'the next morning ' : ''}at ${returnTime}`;

/** The hint under a return time that comes back the next morning; none for a same-day return. */
export const nextMorningHint = (departureTime: string, returnTime: string) =>
  returnsNextDay(departureTime, returnTime) ? `Returns ${returnWhen(departureTime, returnTime)}` : null;
