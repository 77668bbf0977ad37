// The places feature's public entry: place names as stored and matched, for offering and searching.
export { normalizePlace, queryTerm, samePlaceName } from './place-names.js';
export {
  adjustRideCount,
  findOrCreatePlace,
  listPlaceNames,
  placeIdsMatching,
  spotsOfPlaces,
} from './places.repo.js';
export type { PlaceMatchCache } from './place-match-cache.js';
export { distanceKm } from './great-circle.js';
export { locatePlace, type Located } from './locate-place.js';
