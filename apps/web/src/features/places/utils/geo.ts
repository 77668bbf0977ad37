export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km, as the server measures a ride's distanceKm. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a route through its points in order; null when a point has no coordinates. */
export function routeKm(points: ReadonlyArray<LatLng | null | undefined>): number | null {
  let km = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) return null;
    km += greatCircleKm(a, b);
  }
  return points.length > 1 ? km : null;
}

/**
 * Rupees per km per seat for the suggested price: about what a shared seat costs on Indian carpooling
 * services (fuel and tolls split among the car), see decision 021. A suggestion only: the driver decides.
 */
export const SUGGESTED_RUPEES_PER_KM = 3;

/** The suggested price per seat for a route of `km`: ₹3 a km, rounded to the rupee, at least ₹1. */
export const suggestedPrice = (km: number) => Math.max(1, Math.round(km * SUGGESTED_RUPEES_PER_KM));

/** "1.2 km", "850 m", "35 km": how far a place is, for people. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(0, Math.round((km * 1000) / 10) * 10)} m`;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}
