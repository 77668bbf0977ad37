import { istDate, istTime } from '@saathchalo/shared';
import type { RideRecord } from '../marketplace/ride-record.js';

// What a search along the way finds (along-the-way.ts), as search pages present it (search-page.ts).

/** The `segment` of a search result, and the numbers that replace the ride's at the top level. */
export interface Segment {
  fromStop: number;
  toStop: number;
  from: SegmentEnd;
  to: SegmentEnd;
  pricePerSeat: number;
  availableSeats: number;
}

export interface SegmentEnd {
  place: string;
  date: string;
  time: string;
  distanceKm: number;
}

export interface FoundRide {
  ride: RideRecord;
  segment: Segment;
}

/** A page of rides, and the soonest boarding of this page and every page before it. */
export interface FoundPage {
  rides: FoundRide[];
  /**
   * UTC ms; Infinity when there is none. Once it passes, that ride leaves the results and every later
   * ride moves up: this page changes, whichever page the ride was on.
   */
  soonestBoarding: number;
}

/** Where a passenger boards or leaves, as shown: the date and minute in IST, km to one decimal. */
export const segmentEnd = (at: number, place: string, distanceKm: number): SegmentEnd => ({
  place,
  date: istDate(at),
  time: istTime(at),
  distanceKm: Math.round(distanceKm * 10) / 10,
});
