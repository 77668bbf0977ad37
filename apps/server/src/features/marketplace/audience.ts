import { sql } from 'kysely';
import type { ContactVisibility, UserStats } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { ON_BOARD } from './statuses.js';

/** A person whose phone an answer may carry. */
export interface ContactOwner {
  id: string;
  phone: string;
  contactVisibility: ContactVisibility;
}

/**
 * Where a phone appears. `listed`: the shapes of sections 1-6 that always carried it (a ride's driver,
 * the two sides of a booking), where EVERYONE keeps showing it. `profile`: the public profile, which never
 * disclosed a phone before section 9, so only the user and their confirmed co-travellers see it there.
 */
export type PhonePlace = 'listed' | 'profile';

const DAY_MS = 86_400_000;
/** Driver cancellations count over this window (CONTRACT section 9). */
export const STATS_WINDOW_MS = 90 * DAY_MS;

export const NO_STATS: UserStats = { ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 };

/**
 * Who is looking, and what they may see of the people an answer carries: the one place where the server
 * decides whether a phone leaves it (decision 022). Every presenter that writes a phone asks `phoneOf`.
 */
export class Audience {
  constructor(
    readonly viewerId: string,
    /** The people among those asked about who share a CONFIRMED or COMPLETED booking with the viewer. */
    private readonly coTravellers: ReadonlySet<string>,
    private readonly stats: ReadonlyMap<string, UserStats> = new Map(),
  ) {}

  /** Nobody in particular: a search page kept for every viewer (search-cache.ts). */
  static stranger(stats: ReadonlyMap<string, UserStats> = new Map()): Audience {
    return new Audience('', new Set(), stats);
  }

  phoneOf(owner: ContactOwner, place: PhonePlace = 'listed'): string | null {
    // A deleted account's phone is erased (''): not known, like one withheld.
    if (!owner.phone) return null;
    if (owner.id === this.viewerId || this.coTravellers.has(owner.id)) return owner.phone;
    return place === 'listed' && owner.contactVisibility === 'EVERYONE' ? owner.phone : null;
  }

  /** Whether this viewer is shown a phone a stranger would not be (the search page is then their own). */
  seesMoreThanStranger(owner: ContactOwner): boolean {
    return this.phoneOf(owner) !== null && Audience.stranger().phoneOf(owner) === null;
  }

  statsOf(driverId: string): UserStats {
    return this.stats.get(driverId) ?? NO_STATS;
  }
}

/**
 * The audience of one answer: one statement for the co-travellers (only when a phone there could be
 * withheld) and one for the drivers' reliability (when asked for).
 */
export async function audienceFor(
  db: Executor,
  viewerId: string,
  people: {
    owners: readonly ContactOwner[];
    place?: PhonePlace;
    /** Drivers whose reliability the answer shows, as of `nowMs`. */
    stats?: { driverIds: readonly string[]; nowMs: number };
  },
): Promise<Audience> {
  const asked = [
    ...new Set(
      people.owners
        .filter(
          (o) => o.id !== viewerId && (people.place === 'profile' || o.contactVisibility !== 'EVERYONE'),
        )
        .map((o) => o.id),
    ),
  ];
  const [coTravellers, stats] = await Promise.all([
    coTravellersOf(db, viewerId, asked),
    people.stats
      ? statsOfDrivers(db, people.stats.driverIds, people.stats.nowMs)
      : new Map<string, UserStats>(),
  ]);
  return new Audience(viewerId, coTravellers, stats);
}

/**
 * Which of `others` share a CONFIRMED or COMPLETED booking with the viewer, either way round: the viewer's
 * bookings through bookings_passenger, and the bookings on the viewer's rides through rides_driver and
 * bookings_ride. Two statements joined by UNION, so each side reads its own index.
 */
export async function coTravellersOf(
  db: Executor,
  viewerId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (!viewerId || others.length === 0) return new Set();
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('rides as r', 'r.id', 'b.ride_id')
    .select('r.driver_id as other')
    .where('b.passenger_id', '=', viewerId)
    .where('b.status', 'in', ON_BOARD)
    .where('r.driver_id', 'in', others)
    .union(
      db
        .selectFrom('rides as r')
        .innerJoin('bookings as b', 'b.ride_id', 'r.id')
        .select('b.passenger_id as other')
        .where('r.driver_id', '=', viewerId)
        .where('b.status', 'in', ON_BOARD)
        .where('b.passenger_id', 'in', others),
    )
    .execute();
  return new Set(rows.map((r) => r.other));
}

/**
 * Reliability of drivers, one statement for all of them through ride_outcomes_driver: rides completed
 * (ever), and in the last 90 days the rides they cancelled while booked and the rides they completed;
 * the rate is cancellations over both, two decimals.
 */
export async function statsOfDrivers(
  db: Executor,
  driverIds: readonly string[],
  nowMs: number,
): Promise<Map<string, UserStats>> {
  const ids = [...new Set(driverIds)].filter(Boolean);
  const out = new Map<string, UserStats>();
  if (ids.length === 0) return out;
  const since = nowMs - STATS_WINDOW_MS;
  const rows = await db
    .selectFrom('ride_outcomes')
    .select([
      'driver_id',
      sql<number>`sum(case when outcome = 'COMPLETED' then 1 else 0 end)`.as('completed'),
      sql<number>`sum(case when outcome = 'COMPLETED' and at >= ${since} then 1 else 0 end)`.as('recent'),
      sql<number>`sum(case when outcome = 'CANCELLED' and at >= ${since} then 1 else 0 end)`.as('cancelled'),
    ])
    .where('driver_id', 'in', ids)
    .groupBy('driver_id')
    .execute();
  for (const r of rows) {
    const cancelled = Number(r.cancelled);
    const recent = Number(r.recent);
    out.set(r.driver_id, {
      ridesCompleted: Number(r.completed),
      driverCancellations: cancelled,
      cancellationRate: cancelled === 0 ? 0 : Math.round((cancelled / (cancelled + recent)) * 100) / 100,
    });
  }
  return out;
}

/**
 * Notes what became of a driver's ride, once per ride and outcome: completed, or cancelled by its driver
 * while it had bookings (a ride cancelled or deleted with open bookings, a confirmed booking rejected).
 */
export async function recordRideOutcome(
  db: Executor,
  ride: { id: string; driverId: string },
  outcome: 'COMPLETED' | 'CANCELLED',
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('ride_outcomes')
    .values({ ride_id: ride.id, outcome, driver_id: ride.driverId, at: nowMs })
    .onConflict((oc) => oc.columns(['ride_id', 'outcome']).doNothing())
    .execute();
}
