import {
  COMMUTE_DAYS,
  type CommuteDay,
  type CommuteDirection,
  samePlaceName,
  type Ride,
  type RideStop,
  type Subscription,
} from '@saathchalo/shared';

export interface StandingTerms {
  days: CommuteDay[];
  direction?: CommuteDirection;
  fromStop?: number;
  toStop?: number;
}

/** Whether the passenger's standing booking is one way and this one would be the other. */
export const isOtherWay = (mine: Subscription | null | undefined, direction: CommuteDirection | null) =>
  !!mine?.direction && !!direction && mine.direction !== direction;

/**
 * The terms to send when the passenger books every ride of a commute. A passenger has one standing
 * booking per commute, and a second one replaces the first, giving up the rides it leaves out: booking
 * the evenings after the mornings would give up the mornings. So the other way's booking becomes both
 * ways, on the days of either, from the stops either named (the new ones first).
 */
export function standingTerms(mine: Subscription | null | undefined, wanted: StandingTerms): StandingTerms {
  if (!isOtherWay(mine, wanted.direction ?? null)) return wanted;
  const days = COMMUTE_DAYS.filter((d) => wanted.days.includes(d) || mine!.days.includes(d));
  const named = wanted.fromStop !== undefined || wanted.toStop !== undefined;
  const stops = named ? { fromStop: wanted.fromStop, toStop: wanted.toStop } : mine!;
  return {
    days,
    ...(stops.fromStop != null ? { fromStop: stops.fromStop } : {}),
    ...(stops.toStop != null ? { toStop: stops.toStop } : {}),
  };
}

/**
 * The part of the route the ride was found for, as a standing booking names it: points of the commute's
 * route, which the return ride runs reversed (the server mirrors them back). Without it every ride would
 * be booked, and charged, from end to end while the dialog showed the part's price.
 */
export function segmentOf(ride: Ride): { fromStop?: number; toStop?: number } {
  const seg = ride.segment;
  const last = ride.stops.length - 1;
  if (!seg || (seg.fromStop === 0 && seg.toStop === last)) return {};
  return ride.direction === 'RETURN'
    ? { fromStop: last - seg.toStop, toStop: last - seg.fromStop }
    : { fromStop: seg.fromStop, toStop: seg.toStop };
}

/**
 * The driver's stops a standing booking holds when the ride was found boarding or leaving between two of
 * them (Kundalahalli, on the way from Whitefield to Marathahalli): it names points, so each ride is
 * booked, and priced, from the stop before to the stop after, not as the search priced the part; null
 * when the part starts and ends at stops.
 */
export function stopsAround(ride: Ride): { from: RideStop; to: RideStop } | null {
  const seg = ride.segment;
  const from = seg ? ride.stops[seg.fromStop] : undefined;
  const to = seg ? ride.stops[seg.toStop] : undefined;
  if (!seg || !from || !to) return null;
  const between = !samePlaceName(seg.from.place, from.place) || !samePlaceName(seg.to.place, to.place);
  return between ? { from, to } : null;
}
