import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import type { Booking } from '@saathchalo/shared';
import { RequestCard } from './request-card';

interface Props {
  requests: Booking[];
  isBusy(id: string): boolean;
  isRated(booking: Booking, rateeId: string): boolean;
  onView(b: Booking): void;
  onConfirm(b: Booking): void;
  onReject(b: Booking): void;
  onRate(b: Booking): void;
}

/** The bookings passengers made on the driver's rides, to accept, reject or rate. */
export function RideRequestsPanel({ requests, isBusy, isRated, onView, onConfirm, onReject, onRate }: Props) {
  if (requests.length === 0)
    return (
      <EmptyState
        icon={<Inbox className="h-10 w-10" />}
        title="No ride requests yet"
        text="Passengers will appear here when they book your rides"
      />
    );
  return (
    <ul className="space-y-4">
      {requests.map((b) => (
        <RequestCard
          key={b.id}
          booking={b}
          busy={isBusy(b.id)}
          rated={isRated(b, b.passengerId)}
          onView={() => onView(b)}
          onConfirm={() => onConfirm(b)}
          onReject={() => onReject(b)}
          onRate={() => onRate(b)}
        />
      ))}
    </ul>
  );
}
