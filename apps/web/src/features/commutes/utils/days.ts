import { COMMUTE_DAYS, returnsNextDay, type CommuteDay } from '@saathchalo/shared';

const SHORT: Record<CommuteDay, string> = {
  MON: 'Mon',
  TUE: 'Tue',
  WED: 'Wed',
  THU: 'Thu',
  FRI: 'Fri',
  SAT: 'Sat',
  SUN: 'Sun',
};
const LONG: Record<CommuteDay, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};

export const dayShort = (d: CommuteDay) => SHORT[d];
export const dayLong = (d: CommuteDay) => LONG[d];

/** Days in week order, each once: "Mon–Fri" for a run of three or more, "Mon, Wed, Fri" otherwise. */
export function formatDays(days: readonly string[]): string {
  const on = COMMUTE_DAYS.map((d) => days.includes(d));
  const parts: string[] = [];
  for (let i = 0; i < COMMUTE_DAYS.length; i++) {
    if (!on[i]) continue;
    let j = i;
    while (j + 1 < COMMUTE_DAYS.length && on[j + 1]) j++;
    const first = SHORT[COMMUTE_DAYS[i]!];
    const last = SHORT[COMMUTE_DAYS[j]!];
    if (j - i >= 2) parts.push(`${first}–${last}`);
    else for (let k = i; k <= j; k++) parts.push(SHORT[COMMUTE_DAYS[k]!]);
    i = j;
  }
  return parts.join(', ');
}

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
