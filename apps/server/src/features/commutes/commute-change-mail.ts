import { formatDays, type CommuteDirection } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import { dashboardLink, enqueueMail, paragraphsMail } from '../mail/index.js';
import { findUserById } from '../users/index.js';
import type { CommuteRecord } from './commutes.repo.js';
import { listSubscriptions } from './subscriptions.repo.js';

const routeOf = (c: CommuteRecord) => [c.from, ...c.stops.map((s) => s.place), c.to].join(', ');
const returnOf = (c: CommuteRecord) => (c.returnTime ? `back at ${c.returnTime}` : 'no return trip');
const untilOf = (c: CommuteRecord) => (c.endDate ? `until ${c.endDate}` : 'until it is stopped');
const carOf = (c: CommuteRecord) => `${c.carModel}, ${c.carNumber}`;
const answerOf = (c: CommuteRecord) =>
  c.instantBooking ? 'confirmed at once' : `confirmed by ${c.driver.name}`;

/** What a passenger riding it relies on, each said as "now (was before)" when the edit changed it. */
const TERMS: [string, (c: CommuteRecord) => string][] = [
  ['Route', routeOf],
  ['Days', (c) => formatDays(c.days)],
  ['Leaves at', (c) => c.departureTime],
  ['Return', returnOf],
  ['Price', (c) => `Rs ${c.pricePerSeat} a seat`],
  ['Runs', untilOf],
  ['Car', carOf],
  ['Booking', answerOf],
];

/** The terms an edit changed, each with its line; none when it changed nothing a passenger rides on. */
export function changedTerms(before: CommuteRecord, after: CommuteRecord) {
  return TERMS.flatMap(([name, of]) =>
    of(before) === of(after) ? [] : [{ name, line: `${name}: ${of(after)} (was ${of(before)}).` }],
  );
}

/** A standing booking one way only is not told of the other way's time. */
const concerns = (direction: CommuteDirection | null, term: string) =>
  !(direction === 'OUTBOUND' && term === 'Return') && !(direction === 'RETURN' && term === 'Leaves at');

/**
 * Tells each passenger whose standing booking goes on after the driver's edit what changed: its next days
 * are booked as the commute now is (a new time, price or car among them), and only the rides already
 * booked keep the old terms. Without it they found out on the morning itself. One mail each; those whose
 * standing booking the edit ended were told so instead.
 */
export async function mailCommuteChange(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  before: CommuteRecord,
  after: CommuteRecord,
  nowMs: number,
): Promise<void> {
  const changes = changedTerms(before, after);
  if (changes.length === 0) return;
  const subject = `Commute changed: ${before.from} to ${before.to}`;
  for (const s of await listSubscriptions(trx, [before.id])) {
    const told = changes.filter((c) => concerns(s.direction, c.name)).map((c) => c.line);
    const passenger = told.length > 0 ? await findUserById(trx, s.passengerId) : undefined;
    if (!passenger) continue;
    const lines = [
      `Hi ${passenger.firstName},`,
      `${before.driver.name} changed their commute from ${before.from} to ${before.to}:`,
      ...told,
      'Your standing booking goes on: the rides already booked keep their old terms, and the next ones are booked as the commute is now. You can change or stop it from your dashboard.',
    ];
    const mail = paragraphsMail(passenger.email, subject, lines, dashboardLink(deps.config.appUrl));
    await enqueueMail(trx, mail, nowMs);
  }
}
