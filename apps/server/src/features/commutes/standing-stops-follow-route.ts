import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import { dashboardLink, enqueueMail, paragraphsMail, type OutgoingMail } from '../mail/index.js';
import { normalizePlace } from '../places/index.js';
import { findUserById } from '../users/index.js';
import type { CommuteRecord } from './commutes.repo.js';
import { deleteSubscription, listSubscriptions, setSubscriptionStops } from './subscriptions.repo.js';

/** The places of a commute's outbound route, in order: from, its stops, to. */
const routeOf = (c: CommuteRecord) => [c.from, ...c.stops.map((s) => s.place), c.to].map(normalizePlace);

/**
 * A standing booking names its stops by their place in the route (section 8's `fromStop`, `toStop`), so
 * when the driver edits the route each one is pointed at the same places in the new route: a stop added
 * before Marathahalli must not make a passenger board at the new stop from then on. One whose place is
 * gone, or whose places now come in the other order, ends, and its passenger is told; the rides it booked
 * already keep their route and stay booked (contract section 8: an edit changes unbooked and later rides).
 */
export async function standingStopsFollowRoute(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  before: CommuteRecord,
  after: CommuteRecord,
  nowMs: number,
): Promise<void> {
  const [oldRoute, newRoute] = [routeOf(before), routeOf(after)];
  if (oldRoute.join('|') === newRoute.join('|')) return;
  const last = newRoute.length - 1;
  for (const s of await listSubscriptions(trx, [before.id])) {
    const boards = newRoute.indexOf(oldRoute[s.fromStop ?? 0]!);
    const leaves = newRoute.indexOf(oldRoute[s.toStop ?? oldRoute.length - 1]!);
    if (boards >= 0 && leaves > boards) {
      const stops = { fromStop: boards === 0 ? null : boards, toStop: leaves === last ? null : leaves };
      if (stops.fromStop !== s.fromStop || stops.toStop !== s.toStop)
        await setSubscriptionStops(trx, s.id, stops);
      continue;
    }
    await deleteSubscription(trx, before.id, s.passengerId);
    const passenger = await findUserById(trx, s.passengerId);
    const gone = boards < 0 ? (s.fromStop ?? 0) : (s.toStop ?? oldRoute.length - 1);
    const place = [before.from, ...before.stops.map((p) => p.place), before.to][gone]!;
    if (passenger) await enqueueMail(trx, endedMail(passenger, before, place, deps.config.appUrl), nowMs);
  }
}

function endedMail(
  passenger: { email: string; firstName: string },
  c: CommuteRecord,
  place: string,
  appUrl: string,
): OutgoingMail {
  const subject = `Standing booking ended: ${c.from} to ${c.to}`;
  const lines = [
    `Hi ${passenger.firstName},`,
    `${c.driver.name} changed the route of their commute from ${c.from} to ${c.to}, and ${place} is no longer on it, so your standing booking has ended. The rides already booked stay booked.`,
  ];
  return paragraphsMail(passenger.email, subject, lines, dashboardLink(appUrl));
}
