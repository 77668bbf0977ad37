import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { located, onSegment, type RouteSegment, type RouteStop } from '../route-types';

interface Props {
  stops: readonly RouteStop[];
  segment?: RouteSegment | null | undefined;
  tilesUrl: string;
  attribution: string;
}

/** Leaflet draws the route over the configured tiles; circle markers need no marker images. */
function drawRoute(map: L.Map, stops: readonly RouteStop[], segment: RouteSegment | null | undefined) {
  const points = stops.filter(located);
  stops.slice(0, -1).forEach((s, leg) => {
    const next = stops[leg + 1]!;
    if (!located(s) || !located(next)) return;
    const mine = onSegment(leg, segment);
    L.polyline(
      [
        [s.lat, s.lng],
        [next.lat, next.lng],
      ],
      {
        color: mine ? '#1d4ed8' : '#64748b',
        weight: mine ? 5 : 3,
        dashArray: segment && !mine ? '6 6' : undefined,
      },
    ).addTo(map);
  });
  for (const s of points) {
    L.circleMarker([s.lat, s.lng], {
      radius: 5,
      color: '#0f172a',
      fillColor: '#ffffff',
      fillOpacity: 1,
      weight: 2,
    })
      .bindTooltip(s.place, { permanent: points.length <= 8, direction: 'top' })
      .addTo(map);
  }
  map.fitBounds(L.latLngBounds(points.map((s) => [s.lat, s.lng] as [number, number])), { padding: [24, 24] });
}

/** The route over map tiles (MAP_TILES_URL), with their attribution. Loaded on demand: see route-view.tsx. */
export default function RouteMap({ stops, segment, tilesUrl, attribution }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { scrollWheelZoom: false, attributionControl: true });
    map.attributionControl.setPrefix(false);
    L.tileLayer(tilesUrl, { attribution, maxZoom: 18 }).addTo(map);
    drawRoute(map, stops, segment);
    return () => {
      map.remove();
    };
  }, [stops, segment, tilesUrl, attribution]);
  return (
    <div
      ref={box}
      role="region"
      aria-label="Map of the route"
      data-testid="route-map"
      className="h-56 w-full overflow-hidden rounded-lg ring-1 ring-slate-200"
    />
  );
}
