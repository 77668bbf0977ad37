import { samePlaceName, type Commute, type Ride } from '@saathchalo/shared';

/** The commute's points in travel order: from, its stops, to. */
const commutePoints = (c: Pick<Commute, 'from' | 'to' | 'stops'>): string[] => [
  c.from,
  ...c.stops.map((s) => s.place),
  c.to,
];

/** A place typed "Kota, Chhattisgarh" (a pick the server would read as another Kota) is the ride's "Kota". */
const samePlace = (a: string, b: string) => samePlaceName(a.split(',')[0]!, b.split(',')[0]!);

/**
 * The points of a ride of the commute that an edit left on its earlier route (CONTRACT section 8: a
 * booked ride keeps what its passengers booked), or null when it goes the commute's way (a return ride
 * passes the points in reverse).
 */
export function keptRoute(ride: Ride, commute: Pick<Commute, 'from' | 'to' | 'stops'>): string[] | null {
  const way = commutePoints(commute);
  if (ride.direction === 'RETURN') way.reverse();
  const points = ride.stops.length >= 2 ? ride.stops.map((s) => s.place) : [ride.from, ride.to];
  const same = points.length === way.length && points.every((p, i) => samePlace(p, way[i]!));
  return same ? null : points;
}
