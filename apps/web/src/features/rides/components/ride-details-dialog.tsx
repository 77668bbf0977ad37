import { StatusBadge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { formatDate, formatRupees, formatTime, timeOnDay } from '@/lib/format';
import type { Ride } from '@saathchalo/shared';
import type { ReactNode } from 'react';
import { WomenOnlyBadge } from '@/features/safety';
import { DetailList } from '@/components/ui/detail-list';
import { drawable, RouteView, type RouteStop } from '@/features/places';

/** "Mandya, 9:10 AM (estimated)": a stop in the details, with its day when past the departure's midnight. */
const stopText = (s: RouteStop, departureDate: string) =>
  `${s.place}, ${timeOnDay(s.date, s.time, departureDate)}${s.estimated ? ' (estimated)' : ''}`;

/**
 * "Bengaluru → Mandya: 2 · Mandya → Mysuru: 3": a booking holds seats on its legs only (CONTRACT section 7),
 * so the whole route's Available seats hides what a driver can still take between two stops.
 */
function legsText(stops: readonly RouteStop[]): string | null {
  const legs = stops.slice(0, -1).map((s, i) => `${s.place} → ${stops[i + 1]!.place}: ${s.seatsToNext ?? 0}`);
  return legs.length > 1 && stops.slice(0, -1).every((s) => typeof s.seatsToNext === 'number')
    ? legs.join(' · ')
    : null;
}

type Rows = Array<[string, string]>;

export function RideDetailsDialog({ ride, onClose }: { ride: Ride; onClose(): void }) {
  const { stops, distanceKm } = ride;
  const between = stops?.slice(1, -1) ?? [];
  const legs = stops ? legsText(stops) : null;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Ride Details">
      {drawable(stops) ? <RouteView stops={stops} /> : null}
      <DetailList
        rows={[
          ['From', ride.from],
          ['To', ride.to],
          ['Date', formatDate(ride.departureDate)],
          ['Time', formatTime(ride.departureTime)],
          ...(between.length > 0
            ? ([['Stops', between.map((s) => stopText(s, ride.departureDate)).join(' · ')]] as Rows)
            : []),
          ...(typeof distanceKm === 'number'
            ? ([['Distance', `${Math.round(distanceKm)} km`]] as Array<[string, string]>)
            : []),
          ['Status', <StatusBadge key="s" status={ride.status} />],
          ['Total seats', ride.totalSeats],
          ['Booked seats', ride.bookedSeats],
          ['Available seats', ride.availableSeats],
          ...(legs ? ([['Seats left per leg', legs]] as Array<[string, string]>) : []),
          ['Price per seat', formatRupees(ride.pricePerSeat)],
          ['Car', `${ride.carModel} · ${ride.carNumber}`],
          ['Instant booking', ride.instantBooking ? 'Yes' : 'No'],
          ...(ride.womenOnly
            ? ([['Passengers', <WomenOnlyBadge key="w" womenOnly />]] as Array<[string, ReactNode]>)
            : []),
          ...(ride.additionalInfo
            ? ([['Additional information', ride.additionalInfo]] as Array<[string, string]>)
            : []),
        ]}
      />
    </Dialog>
  );
}
