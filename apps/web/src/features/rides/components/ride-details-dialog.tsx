import { StatusBadge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { formatDate, formatRupees, formatTime } from '@/lib/format';
import type { Ride } from '@saathchalo/shared';
import type { ReactNode } from 'react';
import { WomenOnlyBadge } from '@/features/safety';
import { DetailList } from '@/components/ui/detail-list';

export function RideDetailsDialog({ ride, onClose }: { ride: Ride; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Ride Details">
      <DetailList
        rows={[
          ['From', ride.from],
          ['To', ride.to],
          ['Date', formatDate(ride.departureDate)],
          ['Time', formatTime(ride.departureTime)],
          ['Status', <StatusBadge key="s" status={ride.status} />],
          ['Total seats', ride.totalSeats],
          ['Booked seats', ride.bookedSeats],
          ['Available seats', ride.availableSeats],
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
