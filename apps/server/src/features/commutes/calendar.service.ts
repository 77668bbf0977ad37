import { ERR } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { findBooking } from '../marketplace/booking-record.js';
import { calendarText } from './calendar.js';
import { requireCommute } from './commutes.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
/** Rides carry no arrival time; an hour is what a calendar shows until they do. */
const EVENT_MINUTES = 60;

export async function bookingCalendar(deps: Deps, id: string, userId: string): Promise<string> {
  const b = await findBooking(deps.db, id);
  if (!b) throw notFound(ERR.bookingNotFound);
  if (b.passenger.id !== userId && b.driver.id !== userId) throw forbidden(ERR.bookingNotFound);
  const r = b.ride;
  return calendarText(
    [
      {
        uid: `booking-${b.id}@saathchalo`,
        date: r.departureDate,
        time: r.departureTime,
        minutes: EVENT_MINUTES,
        summary: `Ride: ${r.from} to ${r.to}`,
        location: b.pickupLocation ?? r.from,
        description: `${r.from} to ${r.to} with ${b.driver.name}, ${r.carModel} (${r.carNumber}). Seats: ${b.seatsBooked}. ${deps.config.appUrl}/dashboard`,
      },
    ],
    deps.clock.now(),
  );
}

export async function commuteCalendar(deps: Deps, id: string): Promise<string> {
  const c = await requireCommute(deps.db, id);
  const base = {
    minutes: EVENT_MINUTES,
    date: c.startDate,
    repeat: { days: c.days, until: c.endDate },
    description: `Commute with ${c.driver.name}, ${c.carModel} (${c.carNumber}). ${deps.config.appUrl}/commutes`,
  };
  const events = [
    {
      ...base,
      uid: `commute-${c.id}-out@saathchalo`,
      time: c.departureTime,
      summary: `Commute: ${c.from} to ${c.to}`,
      location: c.from,
    },
  ];
  if (c.returnTime) {
    events.push({
      ...base,
      uid: `commute-${c.id}-return@saathchalo`,
      time: c.returnTime,
      summary: `Commute: ${c.to} to ${c.from}`,
      location: c.to,
    });
  }
  return calendarText(events, deps.clock.now());
}
