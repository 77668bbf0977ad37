import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { InputField, SelectField } from '@/components/ui/field';
import { dashboardTab } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatRupees, formatTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { bookRideForm, LEN, SEATS_MAX, type Ride } from '@saathchalo/shared';
import { useBookRide } from '../api/book-ride';
import { refusalOr } from '@/lib/refusal';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

type FormIn = z.input<typeof bookRideForm>;
type FormOut = z.output<typeof bookRideForm>;

function bookingErrorMessage(err: Error): string {
  return err instanceof ApiError
    ? refusalOr(err, 'Failed to book ride')
    : `An error occurred while booking the ride: ${err.message}`;
}

interface Props {
  ride: Ride;
  seats: number;
  onClose(): void;
}

/**
 * The segment as search showed it: its points, and where it said the passenger boards and leaves, so the
 * server prices and times exactly that. Nothing for a whole-route booking.
 */
function segmentBody(ride: Ride) {
  const seg = ride.segment;
  if (!seg) return {};
  return {
    fromStop: seg.fromStop,
    toStop: seg.toStop,
    pickupPlace: seg.from.place,
    dropPlace: seg.to.place,
  };
}

/** "Mandya to Mysuru, 16 Jun 2030 at 9:10 AM": the part booked, or the whole ride. */
function tripText(ride: Ride): string {
  const seg = ride.segment;
  const [from, to, date, time] = seg
    ? [seg.from.place, seg.to.place, seg.from.date, seg.from.time]
    : [ride.from, ride.to, ride.departureDate, ride.departureTime];
  return `${from} to ${to}, ${formatDate(date)} at ${formatTime(time)} with ${ride.driver.name}`;
}

/** Book Ride: seats (up to what is free), optional pickup and drop points. */
export function BookRideDialog({ ride, seats, onClose }: Props) {
  const navigate = useNavigate();
  const book = useBookRide();
  const [failure, setFailure] = useState<string | null>(null);
  const max = Math.max(1, Math.min(SEATS_MAX, ride.availableSeats));
  const { register, handleSubmit, control } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(bookRideForm),
    defaultValues: {
      seatsRequested: String(Math.min(Math.max(1, seats), max)),
      pickupLocation: '',
      dropLocation: '',
    },
  });
  const chosen = Number(useWatch({ control, name: 'seatsRequested' })) || 1;

  const onSubmit = async ({ seats: seatsRequested, pickupLocation, dropLocation }: FormOut) => {
    setFailure(null);
    try {
      const res = await book.mutateAsync({
        rideId: ride.id,
        seatsRequested,
        pickupLocation,
        dropLocation,
        ...segmentBody(ride),
      });
      notify.success(res.message || 'Ride booked successfully');
      onClose();
      navigate(dashboardTab('bookings'));
    } catch (err) {
      const message = bookingErrorMessage(err as Error);
      setFailure(message);
      notify.error(message);
    }
  };
  const submit = useOneAtATime(handleSubmit(onSubmit));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Book Ride" description={tripText(ride)}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <SelectField
          id="book-seats"
          label="Seats"
          options={Array.from({ length: max }, (_, i) => i + 1).map((n) => ({
            value: n,
            label: `${n} ${n === 1 ? 'seat' : 'seats'}`,
          }))}
          {...register('seatsRequested', { valueAsNumber: true })}
        />
        <InputField label="Pickup point (optional)" maxLength={LEN.pickup} {...register('pickupLocation')} />
        <InputField label="Drop point (optional)" maxLength={LEN.pickup} {...register('dropLocation')} />
        <p className="text-sm text-slate-800">
          Total: <strong>{formatRupees(ride.pricePerSeat * chosen)}</strong>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={book.isPending}>
            {book.isPending ? 'Booking...' : 'Confirm Booking'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
