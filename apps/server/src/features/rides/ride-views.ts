import type { Ride } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { audienceFor, type Audience, type ContactOwner } from '../marketplace/audience.js';
import { ratedByViewer } from '../marketplace/booking-presenter.js';
import { passengersOfRides } from '../marketplace/booking-record.js';
import type { RideRecord } from '../marketplace/ride-record.js';
import { presentRide } from './ride-presenter.js';

/**
 * Rides as one viewer may see them: passengers (with their phones) on the viewer's own rides only, every
 * phone through one audience, the drivers' reliability, and which passengers the driver has rated, in four
 * statements at most whatever the count.
 */
export async function presentRidesTo(
  db: Executor,
  viewerId: string,
  rides: readonly RideRecord[],
  nowMs: number,
): Promise<Ride[]> {
  return (await presentRidesWithAudience(db, viewerId, rides, nowMs)).rides;
}

/**
 * The same, with the audience that decided their phones, made to answer for `alsoShown` too (the people an
 * answer shows beside the rides, such as a commute's driver), so no second look-up is needed for them.
 */
export async function presentRidesWithAudience(
  db: Executor,
  viewerId: string,
  rides: readonly RideRecord[],
  nowMs: number,
  alsoShown: readonly ContactOwner[] = [],
): Promise<{ rides: Ride[]; audience: Audience }> {
  const own = rides.filter((r) => r.driverId === viewerId).map((r) => r.id);
  const passengers = own.length > 0 ? await passengersOfRides(db, own) : new Map();
  const onBoard = [...passengers.values()].flat();
  const audience = await audienceFor(db, viewerId, {
    owners: [...alsoShown, ...rides.map((r) => r.driver), ...onBoard.flatMap((b) => [b.driver, b.passenger])],
    stats: { driverIds: rides.map((r) => r.driverId), nowMs },
  });
  const rated = await ratedByViewer(db, viewerId, onBoard);
  return {
    rides: rides.map((r) => presentRide(r, audience, passengers.get(r.id) ?? [], { rated })),
    audience,
  };
}
