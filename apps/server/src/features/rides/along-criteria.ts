import type { SearchedPlace } from './route-match.js';

/** A search along the way (contract section 7): the places as typed and matched, and the filters. */
export interface AlongCriteria {
  from: SearchedPlace;
  to: SearchedPlace;
  dates: readonly string[];
  radiusKm: number;
  seats: number;
  nowMs: number;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  departAfter?: string | undefined;
  departBefore?: string | undefined;
  sort: 'departure' | 'price' | 'rating';
  limit: number;
  offset: number;
  /** Section 9: women-only rides only. */
  womenOnly: boolean;
  /** Section 9: the users in a blocked pair with the searcher; their rides are left out. */
  blocked: readonly string[];
}
