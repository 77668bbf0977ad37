import type { Req } from './lib/load.ts';

/** What the scenarios draw from: real rows of the seeded database. */
export interface Samples {
  searches: { from: string; to: string; date: string }[];
  rideIds: string[];
  searchers: string[];
  bookers: string[];
  passengers: string[];
  emails: string[];
  bookingTargets: { id: string; driverId: string; seats: number }[];
  hotRide: { id: string; driverId: string; seats: number };
  /** Searches from a stop on the way to a later point of the same ride, on the stop's date. */
  alongSearches: { from: string; to: string; date: string }[];
  /** Segments of rides with stops: a ride, the points to board and leave at, its driver. */
  segmentTargets: { id: string; driverId: string; fromStop: number; toStop: number }[];
}

/** A load scenario: its name in the report, what it does, and the next request it sends. */
export type Scenario = { name: string; what: string; next: () => Req };
