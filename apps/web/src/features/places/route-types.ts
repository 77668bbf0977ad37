import type { RideStop } from '@saathchalo/shared';

/** A point of a ride's route as rides answer it (CONTRACT section 7: `stops`, index 0 is `from`). */
export type RouteStop = Pick<RideStop, 'index' | 'place' | 'time' | 'lat' | 'lng'> & Partial<RideStop>;

/** The part of the route a passenger rides: the legs from point `fromStop` to point `toStop`. */
export interface RouteSegment {
  fromStop: number;
  toStop: number;
}

export const onSegment = (leg: number, segment: RouteSegment | null | undefined) =>
  !!segment && leg >= segment.fromStop && leg < segment.toStop;

export const located = (s: RouteStop): s is RouteStop & { lat: number; lng: number } =>
  typeof s.lat === 'number' && typeof s.lng === 'number';

/** A route worth drawing: two or more points, two of them with coordinates. */
export const drawable = (stops: readonly RouteStop[] | undefined): stops is RouteStop[] =>
  !!stops && stops.length >= 2 && stops.filter(located).length >= 2;
