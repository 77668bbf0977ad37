import type { RideSlot } from '../features/rides/search-cache.js';

/**
 * The search cache's side of the after-commit notices: what the unit of work tells it, and what the
 * change feed carries to other processes (apart from both, so neither imports the other).
 */
export interface ChangeListener {
  ridesChanged(rides: Iterable<RideSlot>): void;
  driverChanged(driverId: string): void;
  everythingChanged(): void;
}
