import { Phone } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { passengerName, PickupDrop } from '@/features/bookings';
import type { Booking, Ride } from '@saathchalo/shared';

const onBoard = (b: Booking) => b.status === 'CONFIRMED' || b.status === 'COMPLETED';

interface Props {
  ride: Ride;
  isRated(booking: Booking, rateeId: string): boolean;
  onRate(booking: Booking): void;
}

/** The passengers under a ride: only CONFIRMED and COMPLETED bookings (specification section 9). */
/**
 * A request holds its seats until the driver answers (the card counts them booked), yet is no passenger
 * yet: said under the ride, so "1/1 seats booked" over "No passengers have booked this ride yet" adds up.
 */
function Waiting({ ride }: { ride: Ride }) {
  const n = (ride.passengers ?? []).filter((b) => b.status === 'PENDING').length;
  if (ride.status !== 'ACTIVE' || n === 0) return null;
  return (
    <p className="mt-1 text-sm font-medium text-amber-800">
      {n} booking {n === 1 ? 'request is' : 'requests are'} waiting for your answer in Ride Requests
    </p>
  );
}

export function RidePassengers({ ride, isRated, onRate }: Props) {
  const passengers = (ride.passengers ?? []).filter(onBoard);
  if (passengers.length === 0) {
    return ride.status === 'ACTIVE' ? (
      <>
        <p className="mt-3 text-sm text-slate-600">No passengers have booked this ride yet</p>
        <Waiting ride={ride} />
      </>
    ) : null;
  }
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <Waiting ride={ride} />
      <h4 className="text-sm font-semibold text-slate-900">
        {ride.status === 'COMPLETED' ? 'Passengers on this ride:' : 'Confirmed passengers:'}
      </h4>
      <ul className="mt-2 space-y-2">
        {passengers.map((b) => {
          const phone = b.passenger?.phone;
          return (
            <li
              key={b.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{passengerName(b)}</p>
                <PickupDrop booking={b} />
                <p className="text-slate-700">
                  {b.seatsBooked} {b.seatsBooked === 1 ? 'seat' : 'seats'} · {formatRupees(b.totalAmount)}
                  {phone ? (
                    <>
                      {' · '}
                      <a
                        href={`tel:${phone}`}
                        className="inline-flex items-center gap-1 text-blue-800 underline"
                      >
                        <Phone aria-hidden="true" className="h-3.5 w-3.5" />
                        {phone}
                      </a>
                    </>
                  ) : null}
                </p>
              </div>
              {ride.status === 'COMPLETED' && b.status === 'COMPLETED' ? (
                isRated(b, b.passengerId) ? (
                  <span className="text-sm text-slate-600">Rated</span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onRate(b)}
                    aria-label={`Rate Passenger ${passengerName(b)}`}
                  >
                    Rate Passenger
                  </Button>
                )
              ) : (
                <StatusBadge status={b.status} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
