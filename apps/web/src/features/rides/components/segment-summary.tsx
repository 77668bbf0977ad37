import { MapPin } from 'lucide-react';
import { useState } from 'react';
import type { Ride } from '@saathchalo/shared';
import { drawable, formatDistance, RouteView } from '@/features/places';
import { formatDate, formatTime } from '@/lib/format';

/** The places a passenger typed, to say how far boarding and leaving are from them. */
export interface Searched {
  from: string;
  to: string;
}

/** "1.2 km from Whitefield", or nothing when the point is the place typed (under 100 m). */
function away(km: number | null, typed: string | undefined): string {
  return km !== null && km >= 0.1 && typed ? ` · ${formatDistance(km)} from ${typed}` : '';
}

/**
 * Where the passenger boards and leaves, when and how far from what they typed (CONTRACT section 7's
 * `segment`). Shown only when the segment is not simply the whole route from its first point.
 */
export function SegmentSummary({ ride, searched }: { ride: Ride; searched: Searched | undefined }) {
  const seg = ride.segment;
  if (!seg) return null;
  const whole =
    seg.from.place === ride.from && seg.to.place === ride.to && !seg.from.distanceKm && !seg.to.distanceKm;
  if (whole) return null;
  return (
    <dl className="mt-2 grid gap-1 text-sm text-slate-800" data-testid="segment">
      <div className="flex items-start gap-2">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
        <dt className="font-medium">Board:</dt>
        <dd>
          {seg.from.place}, {formatDate(seg.from.date)} {formatTime(seg.from.time)}
          {away(seg.from.distanceKm, searched?.from)}
        </dd>
      </div>
      <div className="flex items-start gap-2">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-700" />
        <dt className="font-medium">Leave:</dt>
        <dd>
          {seg.to.place}, {formatTime(seg.to.time)}
          {away(seg.to.distanceKm, searched?.to)}
        </dd>
      </div>
    </dl>
  );
}

/** "Show route": the route picture (and the map, where tiles are configured), drawn only when asked for. */
export function RouteToggle({ ride, id }: { ride: Ride; id: string }) {
  const [open, setOpen] = useState(false);
  if (!drawable(ride.stops)) return null;
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
      >
        {open ? 'Hide route' : 'Show route'}
      </button>
      <div id={id} hidden={!open} className="mt-2 max-w-md">
        {open ? <RouteView stops={ride.stops} segment={ride.segment} /> : null}
      </div>
    </div>
  );
}
