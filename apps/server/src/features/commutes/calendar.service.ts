import { ERR } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { findBooking } from '../marketplace/booking-record.js';
import { placeAt } from '../marketplace/stops-presenter.js';
import { calendarText } from './calendar.js';
import { requireCommute } from './commutes.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
/** A commute (its arrival is estimated per ride), or a booking whose drop has no time, shows an hour. */
const EVENT_MINUTES = 60;

export async function bookingCalendar(deps: Deps, id: string, userId: string): Promise<string> {
  const b = await findBooking(deps.db, id);
  if (!b) throw notFound(ERR.bookingNotFound);
  if (b.passenger.id !== userId && b.driver.id !== userId) throw forbidden(ERR.bookingNotFound);
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
