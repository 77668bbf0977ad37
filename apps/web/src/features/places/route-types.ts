import type { RideStop } from '@saathchalo/shared';

/** A point of a ride's route as rides answer it (CONTRACT section 7: `stops`, index 0 is `from`). */
export type RouteStop = Pick<RideStop, 'index' | 'place' | 'time' | 'lat' | 'lng'> & Partial<RideStop>;

interface Named {
  place: string;
}

/**
 * The part of the route a passenger rides: the legs from point `fromStop` to point `toStop`, and where
 * they board and leave, which may lie on the line between two points (CONTRACT section 7): a search's
 * `segment.from` and `to`, or a booking's `pickup` and `drop`.
 */
export interface RouteSegment {
  fromStop: number;
  toStop: number;
  from?: Named | undefined;
  to?: Named | undefined;
  pickup?: Named | null | undefined;
  drop?: Named | null | undefined;
}

/** Where the passenger boards and leaves, else the points the part starts and ends at. */
export function partEnds(stops: readonly RouteStop[], segment: RouteSegment): [string, string] | null {
  const board = segment.from?.place ?? segment.pickup?.place ?? stops[segment.fromStop]?.place;
  const leave = segment.to?.place ?? segment.drop?.place ?? stops[segment.toStop]?.place;
  return board && leave ? [board, leave] : null;
}

export const onSegment = (leg: number, segment: RouteSegment | null | undefined) =>
  !!segment && leg >= segment.fromStop && leg < segment.toStop;

export const located = (s: RouteStop): s is RouteStop & { lat: number; lng: number } =>
  typeof s.lat === 'number' && typeof s.lng === 'number';

/** A route worth drawing: two or more points, two of them with coordinates. */
export const drawable = (stops: readonly RouteStop[] | undefined): stops is RouteStop[] =>
  !!stops && stops.length >= 2 && stops.filter(located).length >= 2;
