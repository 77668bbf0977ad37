/** A point of a ride's route as rides answer it (CONTRACT section 7: `stops`, index 0 is `from`). */
export interface RouteStop {
  index: number;
  place: string;
  time: string;
  date?: string;
  lat: number | null;
  lng: number | null;
  estimated?: boolean;
  seatsToNext?: number | null;
}

/** The part of the route a passenger rides: the legs from point `fromStop` to point `toStop`. */
export interface RouteSegment {
  fromStop: number;
  toStop: number;
}

export const onSegment = (leg: number, segment: RouteSegment | null | undefined) =>
  !!segment && leg >= segment.fromStop && leg < segment.toStop;

export const located = (s: RouteStop): s is RouteStop & { lat: number; lng: number } =>
  typeof s.lat === 'number' && typeof s.lng === 'number';
