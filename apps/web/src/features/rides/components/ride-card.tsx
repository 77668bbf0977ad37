import { DepartureWhen, RouteText } from '@/components/ride-summary';
import { Car, Users } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { WomenOnlyBadge } from '@/features/safety';
import { CommuteMark } from '@/features/commutes';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import type { Booking, Ride, RideStatus } from '@saathchalo/shared';
import { RideActionsMenu } from './ride-actions-menu';
import { RidePassengers } from './ride-passengers';

interface Props {
  ride: Ride;
  busy: boolean;
  onDetails(): void;
  onEdit(): void;
  onStatus(next: RideStatus): void;
  onDelete(): void;
  isRated(booking: Booking, rateeId: string): boolean;
  onRatePassenger(booking: Booking): void;
}

export function RideCard({
  ride,
  busy,
  onDetails,
  onEdit,
  onStatus,
  onDelete,
  isRated,
  onRatePassenger,
}: Props) {
  const titleId = `my-ride-${ride.id}`;
  return (
    <li
      aria-labelledby={titleId}
      aria-busy={busy}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
              <RouteText from={ride.from} to={ride.to} />
            </h3>
            <StatusBadge status={ride.status} />
            <WomenOnlyBadge womenOnly={ride.womenOnly} />
            <CommuteMark ride={ride} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            <DepartureWhen date={ride.departureDate} time={ride.departureTime} />
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="h-4 w-4" />
              {ride.bookedSeats}/{ride.totalSeats} seats booked
            </span>
            <span className="inline-flex items-center gap-1">
              <Car aria-hidden="true" className="h-4 w-4" />
              {ride.carModel}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-800">
            <strong>{formatRupees(ride.pricePerSeat)}</strong> per seat
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <RideActionsMenu
            ride={ride}
            disabled={busy}
            onEdit={onEdit}
            onStatus={onStatus}
            onDelete={onDelete}
          />
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="mt-3 w-full sm:w-auto"
        onClick={onDetails}
        aria-describedby={titleId}
      >
        Show Details
      </Button>
      <RidePassengers ride={ride} isRated={isRated} onRate={onRatePassenger} />
    </li>
  );
}
