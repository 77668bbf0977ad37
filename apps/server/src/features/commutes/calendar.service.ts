import {
  addDays,
  ERR,
  istDate,
  istToUtcMs,
  returnsNextDay,
  shiftDays,
  type CommuteDirection,
} from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/errors.js';
import { bookingPolicy } from '../bookings/index.js';
import { hiddenByBlock } from '../marketplace/blocks.js';
import { findBooking } from '../marketplace/booking-record.js';
import { placeAt } from '../marketplace/stops-presenter.js';
import { calendarText } from './calendar.js';
import { datesOn } from './commute-dates.js';
import { keptCommuteRides, skippedCommuteDays, type CommuteRecord } from './commutes.repo.js';
import { keptRideEvents } from './calendar-kept-rides.js';
import { requireCommute } from './commutes.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'blocks'>;
/** A commute (its arrival is estimated per ride), or a booking whose drop has no time, shows an hour. */
const EVENT_MINUTES = 60;

export async function bookingCalendar(deps: Deps, id: string, userId: string): Promise<string> {
  const b = await findBooking(deps.db, id);
  if (!b) throw notFound(ERR.bookingNotFound);
  bookingPolicy.assertCanView(b, userId);
  const r = b.ride;
  // The passenger's own journey: boarding at their pickup (a later stop boards later), leaving at their drop.
  const pickupAt = b.pickupAt ?? r.points[b.fromStop]?.at ?? r.departureAt;
  const dropAt = b.dropAt ?? r.points[b.toStop]?.at ?? null;
  const pickup = placeAt(b.pickupPlace, pickupAt, r.points[b.fromStop]);
  const drop = placeAt(b.dropPlace, dropAt, r.points[b.toStop]);
  return calendarText(
    [
      {
        uid: `booking-${b.id}@saathchalo`,
        date: pickup.date,
        time: pickup.time,
        minutes:
          dropAt !== null && dropAt > pickupAt ? Math.round((dropAt - pickupAt) / 60_000) : EVENT_MINUTES,
        summary: `Ride: ${pickup.place} to ${drop.place}`,
        location: b.pickupLocation ?? pickup.place,
        description: `${r.from} to ${r.to} with ${b.driver.name}, ${r.carModel} (${r.carNumber}). Seats: ${b.seatsBooked}. ${deps.config.appUrl}/dashboard`,
      },
    ],
    deps.clock.now(),
  );
}

/**
 * The commute as repeating events, one per direction: from its first ride (firstDay; a DTSTART off its
 * days, or before it was made, would be an extra occurrence), until its end date or the moment it was stopped,
 * without the days it was skipped. A commute stopped before its first ride of a direction has no event
 * for it. A night shift's return (returnsNextDay) is the same series one day later: it starts the
 * morning after the first night, on the days after the commute's days, until the morning after its end
 * date; a skipped one's EXDATE is its ride's own date, already that morning. Rides an edit kept as they
 * were booked show as they run (keptRideEvents).
 */
export async function commuteCalendar(deps: Deps, id: string, viewerId: string): Promise<string> {
  const c = await requireCommute(deps.db, id);
  // As the commute itself (decision 033): a blocked pair's schedule is not found.
  if (await hiddenByBlock(deps, viewerId, c.driverId)) throw notFound(ERR.commuteNotFound);
  const skipped = await skippedCommuteDays(deps.db, c.id);
  const trips: { direction: CommuteDirection; time: string; from: string; to: string; shift: 0 | 1 }[] = [
    { direction: 'OUTBOUND', time: c.departureTime, from: c.from, to: c.to, shift: 0 },
  ];
  if (c.returnTime) {
    const shift = returnsNextDay(c.departureTime, c.returnTime) ? 1 : 0;
    trips.push({ direction: 'RETURN', time: c.returnTime, from: c.to, to: c.from, shift });
  }
  const text = (from: string, to: string) => ({
    minutes: EVENT_MINUTES,
    summary: `Commute: ${from} to ${to}`,
    location: from,
    description: `Commute with ${c.driver.name}, ${c.carModel} (${c.carNumber}). ${deps.config.appUrl}/my-commutes`,
  });
  const series = trips
    .map((t) => ({ ...t, first: addDays(firstDay(c, t.time, t.shift), t.shift), until: untilOf(c, t.shift) }))
    .filter((t) => t.until === null || istToUtcMs(t.first, t.time) <= t.until)
    .map((t) => ({
      ...t,
      uid: `commute-${c.id}-${t.direction === 'OUTBOUND' ? 'out' : 'return'}@saathchalo`,
      days: t.shift === 0 ? c.days : shiftDays(c.days, 1),
      startsAt: (date: string) => istToUtcMs(date, t.time),
    }));
  const events = series.map((t) => ({
    ...text(t.from, t.to),
    uid: t.uid,
    date: t.first,
    time: t.time,
    repeat: {
      days: t.days,
      until: t.until,
      except: skipped
        .filter((s) => s.direction === t.direction && s.date >= t.first)
        .filter((s) => t.until === null || istToUtcMs(s.date, t.time) <= t.until)
        .map((s) => s.date),
    },
  }));
  const kept = keptRideEvents(
    series,
    await keptCommuteRides(deps.db, c.id),
    (r) => text(r.from, r.to),
    (rideId) => `commute-${c.id}-${rideId}@saathchalo`,
  );
  // Each override follows its series (same UID); rides that are events of their own come last.
  const ordered = events.flatMap((e) => [e, ...kept.filter((k) => k.uid === e.uid)]);
  return calendarText(
    [...ordered, ...kept.filter((k) => !events.some((e) => e.uid === k.uid))],
    deps.clock.now(),
  );
}

/**
 * A direction's first commute day: the first of its days from its start date whose trip had not left
 * when the commute was made (one made on Friday evening has no Friday rides; a series starting there
 * would show two trips that never were). A night shift made after midnight may still have last night's
 * return ahead, as materialising makes it.
 */
function firstDay(c: CommuteRecord, time: string, shift: number): string {
  const made = addDays(istDate(c.createdAt), -1);
  const from = c.startDate > made ? c.startDate : made;
  const dates = datesOn(c.days, from, addDays(from, 14));
  return dates.find((d) => istToUtcMs(addDays(d, shift), time) > c.createdAt) ?? dates[0]!;
}

/** The end of a direction's series: its end date's last second (`shift` days later), or when it stopped. */
function untilOf(c: CommuteRecord, shift: number): number | null {
  const end = c.endDate === null ? null : istToUtcMs(addDays(c.endDate, shift), '23:59') + 59_000;
  const ends = [end, c.stoppedAt].filter((t) => t !== null);
  return ends.length > 0 ? Math.min(...ends) : null;
}
