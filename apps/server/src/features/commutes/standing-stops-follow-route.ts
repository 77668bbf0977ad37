import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import { dashboardLink, enqueueMail, paragraphsMail } from '../mail/index.js';
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
    const gone = boards < 0 ? (s.fromStop ?? 0) : (s.toStop ?? oldRoute.length - 1);
    const place = [before.from, ...before.stops.map((p) => p.place), before.to][gone]!;
    const why = `${before.driver.name} changed the route of their commute from ${before.from} to ${before.to}, and ${place} is no longer on it`;
    await endStanding(deps, trx, before, s.passengerId, why, nowMs);
  }
}

/**
 * Section 9: a commute made women-only keeps no standing booking of anyone whose gender is not FEMALE.
 * Kept, it would be refused ('This ride is for women only') on every ride made from then on, and its
 * passenger mailed "Not booked" for each, for good; so it ends here and its passenger is told once. The
 * rides it booked already keep their bookings, and stay open to anyone (women-only-rides.ts): none
 * becomes women-only under a man's open booking, which the ride's own edit refuses too (409
 * WOMEN_ONLY_BOOKED). Runs before the new days are made, so they do not try to book for them.
 */
export async function standingBookingsFollowWomenOnly(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  before: CommuteRecord,
  after: CommuteRecord,
  nowMs: number,
): Promise<void> {
  if (before.womenOnly || !after.womenOnly) return;
  const why = `${before.driver.name} made their commute from ${before.from} to ${before.to} for women only`;
  await endStandingOfNonWomen(deps, trx, before, why, nowMs);
}

/**
 * Ends the standing bookings on a women-only commute of everyone whose gender is not FEMALE, each told
 * once why: after the commute's edit, or when a passenger's profile no longer says FEMALE (checked as its
 * new days are made, which would otherwise refuse them day after day).
 */
export async function endStandingOfNonWomen(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  c: CommuteRecord,
  why: string,
  nowMs: number,
): Promise<void> {
  for (const s of await listSubscriptions(trx, [c.id])) {
    if ((await findUserById(trx, s.passengerId))?.gender === 'FEMALE') continue;
    await endStanding(deps, trx, c, s.passengerId, why, nowMs);
  }
}

/**
 * Ends a passenger's standing booking that the driver's edit left without a place, and tells them once;
 * `why` says what the driver changed.
 */
async function endStanding(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  c: CommuteRecord,
  passengerId: string,
  why: string,
  nowMs: number,
): Promise<void> {
  await deleteSubscription(trx, c.id, passengerId);
  const passenger = await findUserById(trx, passengerId);
  if (!passenger) return;
  const subject = `Standing booking ended: ${c.from} to ${c.to}`;
  const lines = [
    `Hi ${passenger.firstName},`,
    `${why}, so your standing booking has ended. The rides already booked stay booked.`,
  ];
  const mail = paragraphsMail(passenger.email, subject, lines, dashboardLink(deps.config.appUrl));
  await enqueueMail(trx, mail, nowMs);
}
