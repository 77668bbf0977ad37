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

/** Where a passenger boards or leaves, and how far that is from the place they searched. */
export interface SegmentEnd {
  place: string;
  date: string;
  time: string;
  distanceKm: number | null;
}

/** A search result's part of the route (CONTRACT section 7). */
export interface RideSegment extends RouteSegment {
  from: SegmentEnd;
  to: SegmentEnd;
  pricePerSeat: number;
  availableSeats: number;
}

/** What section 7 adds to a ride; optional, so a server without it still works. */
export interface RideLegs {
  stops?: RouteStop[] | undefined;
  distanceKm?: number | null | undefined;
  segment?: RideSegment | null | undefined;
}

/** A ride's stops and segment, when the server sent them. */
export const legsOf = (ride: object): RideLegs => ride as RideLegs;

/** What section 7 adds to a booking: the points it boards and leaves at. */
export interface BookingLegs {
  fromStop?: number | undefined;
  toStop?: number | undefined;
  pickup?: { place: string; date: string; time: string } | null | undefined;
  drop?: { place: string; date: string; time: string } | null | undefined;
}

export const bookingLegsOf = (booking: object): BookingLegs => booking as BookingLegs;

/** A route worth drawing: two or more points, two of them with coordinates. */
export const drawable = (stops: readonly RouteStop[] | undefined): stops is RouteStop[] =>
  !!stops && stops.length >= 2 && stops.filter(located).length >= 2;
