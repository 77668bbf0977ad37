import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useClientConfig } from '../api/get-config';
import { located, type RouteSegment, type RouteStop } from '../route-types';
import { RoutePicture } from './route-picture';

// The map library (Leaflet and its CSS) is its own chunk, fetched only when tiles are configured and a
// route is drawn: no other screen, and no first view, pays for it.
const loadMap = () => import('./route-map');
let RouteMap = lazy(loadMap);

/**
 * Without the map's code (offline, a request a 2G network dropped) the route is the picture alone, as
 * without tiles. Uncaught, the failed load reached the screen's error boundary: 'Something went wrong' in
 * place of the whole ride page or offer form.
 */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    // React.lazy keeps a failed load for good: the next route drawn asks for the code again.
    RouteMap = lazy(loadMap);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
        <MapBoundary>
          <Suspense fallback={<div className="h-56 w-full animate-pulse rounded-lg bg-slate-100" />}>
            <RouteMap
              stops={stops}
              segment={segment}
              tilesUrl={mapTilesUrl}
              attribution={mapAttribution ?? ''}
            />
          </Suspense>
        </MapBoundary>
      ) : null}
      <RoutePicture stops={stops} segment={segment} partLabel={partLabel} />
      <figcaption className="sr-only">The ride's route, its points in order</figcaption>
    </figure>
  );
}
