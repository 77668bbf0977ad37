import { Car } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import type { Booking, Ride, RideStatus } from '@saathchalo/shared';
import { RideCard } from './ride-card';

interface Props {
  rides: Ride[];
  isBusy(id: string): boolean;
  isRated(booking: Booking, rateeId: string): boolean;
  onDetails(ride: Ride): void;
  onEdit(ride: Ride): void;
  onStatus(ride: Ride, next: RideStatus): void;
  onDelete(ride: Ride): void;
  onRatePassenger(ride: Ride, booking: Booking): void;
}

/** The rides the user offers, each with its menu and passengers, or an invitation to offer the first. */
export function MyRidesPanel({ rides, isBusy, onDetails, onEdit, onStatus, onDelete, ...rest }: Props) {
  if (rides.length === 0)
    return (
      <EmptyState
        icon={<Car className="h-10 w-10" />}
        title="No rides offered yet"
        text="Share your journey and split the costs with fellow commuters."
        action={<ButtonLink to={paths.offerRide}>Offer Your First Ride</ButtonLink>}
      />
    );
  return (
    <ul className="space-y-4">
      {rides.map((ride) => (
        <RideCard
          key={ride.id}
          ride={ride}
          busy={isBusy(ride.id)}
          onDetails={() => onDetails(ride)}
          onEdit={() => onEdit(ride)}
          onStatus={(next) => onStatus(ride, next)}
          onDelete={() => onDelete(ride)}
          isRated={rest.isRated}
          onRatePassenger={(b) => rest.onRatePassenger(ride, b)}
        />
      ))}
    </ul>
  );
}
