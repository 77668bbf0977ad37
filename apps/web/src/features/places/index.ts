export { usePlacesNamed, type Place } from './api/get-places';
export { NearMeButton } from './components/near-me-button';
export { PlaceCombobox, placeContext } from './components/place-combobox';
export { RouteView } from './components/route-view';
export { RoutePicture } from './components/route-picture';
export { drawable, onSegment, type RouteSegment, type RouteStop } from './route-types';
export { formatDistance, greatCircleKm, routeKm, suggestedPrice, SUGGESTED_RUPEES_PER_KM } from './utils/geo';
