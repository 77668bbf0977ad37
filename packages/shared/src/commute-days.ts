import { COMMUTE_DAYS, type CommuteDay, type CommuteDirection } from './constants.js';
import { addDays } from './time.js';

/**
 * Whether a commute's return leaves the morning after its outbound trip: a return time earlier in the
 * day than the departure is a night shift's way home (out at 22:00, back at 06:00), never a trip that
 * leaves before the one it returns from.
 */
export const returnsNextDay = (departureTime: string, returnTime: string | null | undefined): boolean =>
  !!returnTime && returnTime < departureTime;

/**
 * Whether a ride of a commute is a night shift's morning return: a RETURN leaving earlier in the day than
 * the commute's departure, on the day after its commute day. Read from the ride's own time, which is the
 * commute's return time for every ride materialised since.
 */
export const isMorningReturn = (
  ride: { direction?: CommuteDirection | null | undefined; departureTime: string },
  departureTime: string,
): boolean => ride.direction === 'RETURN' && returnsNextDay(departureTime, ride.departureTime);

/** The commute day a ride of a commute belongs to: its own date, the day before for a morning return. */
export function commuteDayOf(
  ride: { direction: CommuteDirection | null; departureDate: string; departureTime: string },
  departureTime: string,
): string {
  return isMorningReturn(ride, departureTime) ? addDays(ride.departureDate, -1) : ride.departureDate;
}

/** The days one later (MON → TUE, SUN → MON) or one earlier, in week order. */
export function shiftDays(days: readonly CommuteDay[], by: 1 | -1): CommuteDay[] {
  const moved = days.map((d) => COMMUTE_DAYS[(COMMUTE_DAYS.indexOf(d) + by + 7) % 7]!);
  return COMMUTE_DAYS.filter((d) => moved.includes(d));
}

const SHORT: Record<CommuteDay, string> = {
  MON: 'Mon',
  TUE: 'Tue',
  WED: 'Wed',
  THU: 'Thu',
  FRI: 'Fri',
  SAT: 'Sat',
  SUN: 'Sun',
};

export const dayShort = (d: CommuteDay) => SHORT[d];

/** getUTCDay() order: Sunday first. */
const BY_UTC_DAY: readonly CommuteDay[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** The weekday of an IST calendar date (the date string is already IST, so its UTC reading is exact). */
export const weekdayOf = (date: string): CommuteDay => BY_UTC_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

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
