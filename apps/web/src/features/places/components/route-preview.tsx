import { useWatch } from 'react-hook-form';
import { usePlacesNamed } from '../api/get-places';
import type { RouteForm } from '../route-form';
import { drawable, type RouteStop } from '../route-types';
import { RouteView } from './route-view';

/**
 * The route being offered or edited, drawn as the ride page will draw it (CONTRACT section 10: stops on
 * offer and edit with a route picture), once two of its points are places the gazetteer knows: a stop
 * typed out of order shows as a detour before the ride is saved.
 */
export function RoutePreview({ form }: { form: RouteForm }) {
  const [from, to, stops, departureTime] = useWatch({
    control: form.control,
    name: ['from', 'to', 'stops', 'departureTime'],
  });
  const points = [
    { place: from ?? '', time: departureTime ?? '' },
    ...(stops ?? []).map((s) => ({ place: s.place ?? '', time: s.time ?? '' })),
    { place: to ?? '', time: '' },
  ];
  const places = usePlacesNamed(points.map((p) => p.place));
  const route: RouteStop[] = points.map((p, index) => ({
    index,
    place: p.place.trim(),
    time: p.time,
    lat: places[index]?.lat ?? null,
    lng: places[index]?.lng ?? null,
  }));
  if (route.some((p) => p.place === '') || !drawable(route)) return null;
  // As wide as a phone's form, and on a laptop the size "Show route" draws it in the results: stretched over
  // the Offer Ride form, the 320 by 180 picture was 688 by 387 px with its names at twice their size.
  return (
    <div className="space-y-1 sm:max-w-md" data-testid="route-preview">
      <p className="text-sm font-medium text-slate-700">Your route</p>
      <RouteView stops={route} />
    </div>
  );
}
