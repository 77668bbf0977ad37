import type { CommuteDay, CommuteDirection } from '@saathchalo/shared';
import type { CalendarEvent } from './calendar.js';
import { weekdayOf } from './commute-dates.js';
import type { keptCommuteRides } from './commutes.repo.js';

type KeptRide = Awaited<ReturnType<typeof keptCommuteRides>>[number];

/** A direction's repeating event as the commute now is. */
export interface Series {
  direction: CommuteDirection;
  uid: string;
  first: string;
  time: string;
  days: readonly CommuteDay[];
  /** The last occurrence's start (inclusive), or none. */
  until: number | null;
  startsAt(date: string): number;
}

/**
 * The rides that do not run as their series says: an edit keeps a booked ride as it was booked (decision
 * 024), so after moving the commute to 09:00 a booked Monday still leaves at 08:30, and after dropping
 * Mondays a booked one still runs. One on a day of its series overrides that occurrence (RFC 5545
 * RECURRENCE-ID, same UID); one on a day its series no longer has, or of a direction it no longer has,
 * is an event of its own. A calendar that showed the series' time would send the driver at the wrong hour.
 */
export function keptRideEvents(
  series: readonly Series[],
  rides: readonly KeptRide[],
  event: (ride: KeptRide) => Omit<CalendarEvent, 'uid' | 'date' | 'time'>,
  rideUid: (rideId: string) => string,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const r of rides) {
    const s = series.find((x) => x.direction === r.direction);
    const occurs =
      !!s &&
      r.date >= s.first &&
      s.days.includes(weekdayOf(r.date)) &&
      (s.until === null || s.startsAt(r.date) <= s.until);
    if (occurs && r.time === s.time) continue;
    const at = { ...event(r), date: r.date, time: r.time };
    events.push(
      occurs
        ? { ...at, uid: s.uid, recurrenceId: { date: r.date, time: s.time } }
        : { ...at, uid: rideUid(r.id) },
    );
  }
  return events;
}
