import { lazy, Suspense } from 'react';
import { useClientConfig } from '../api/get-config';
import { located, type RouteSegment, type RouteStop } from '../route-types';
import { RoutePicture } from './route-picture';

// The map library (Leaflet and its CSS) is its own chunk, fetched only when tiles are configured and a
// route is drawn: no other screen, and no first view, pays for it.
const RouteMap = lazy(() => import('./route-map'));

interface Props {
  stops: readonly RouteStop[];
  segment?: RouteSegment | null | undefined;
  partLabel?: string;
}

/** The route on a map when MAP_TILES_URL is configured, and always as a picture (CONTRACT section 10). */
export function RouteView({ stops, segment, partLabel }: Props) {
  const { mapTilesUrl, mapAttribution } = useClientConfig();
  const mappable = stops.filter(located).length >= 2;
  return (
    <figure className="space-y-2">
      {mapTilesUrl && mappable ? (
        <Suspense fallback={<div className="h-56 w-full animate-pulse rounded-lg bg-slate-100" />}>
          <RouteMap
            stops={stops}
            segment={segment}
            tilesUrl={mapTilesUrl}
            attribution={mapAttribution ?? ''}
          />
        </Suspense>
      ) : null}
      <RoutePicture stops={stops} segment={segment} partLabel={partLabel} />
      <figcaption className="sr-only">The ride's route, its points in order</figcaption>
    </figure>
  );
}
