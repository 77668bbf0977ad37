import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { SEATS_MAX, SEATS_MIN, type Ride } from '@saathchalo/shared';
import { useSession } from '@/lib/session';
import { routeForm, useStopTimesFollowDeparture } from '@/features/places';
import { useUpdateRide } from '../api/update-ride';
import { mayOfferWomenOnly, withWomenOnlyIfShown } from '../utils/women-only';
import { editRideForm } from '../utils/ride-form-rules';
import { RideFormFields, type RideFormIn, type RideFormOut } from './ride-form-fields';

const FAILED = 'Failed to update ride';
const seatOptions = Array.from({ length: SEATS_MAX - SEATS_MIN + 1 }, (_, i) => i + SEATS_MIN).map((n) => ({
  value: String(n),
  label: String(n),
}));

const valuesOf = (ride: Ride): RideFormIn => ({
  from: ride.from,
  to: ride.to,
  departureDate: ride.departureDate,
  departureTime: ride.departureTime,
  passengers: String(ride.totalSeats),
  pricePerSeat: String(ride.pricePerSeat),
  carModel: ride.carModel,
  carNumber: ride.carNumber,
  additionalInfo: ride.additionalInfo ?? '',
  instantBooking: ride.instantBooking,
  womenOnly: ride.womenOnly,
  // The points between from and to; an estimated time stays empty, so it is estimated again after edits.
  stops: ride.stops.slice(1, -1).map((s) => ({ place: s.place, time: s.estimated ? '' : s.time })),
});

function Actions({ busy, onClose }: { busy: boolean; onClose(): void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
      <Button variant="outline" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? (
          <>
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
            />
            Updating...
          </>
        ) : (
          'Save Changes'
        )}
      </Button>
    </div>
  );
}

export function EditRideDialog({ ride, onClose }: { ride: Ride; onClose(): void }) {
  const update = useUpdateRide();
  // Shown to a woman driver, and on a women-only ride so that it can be turned off.
  const womenOnly = mayOfferWomenOnly(useSession()?.gender) || ride.womenOnly;
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => editRideForm(ride.bookedSeats), [ride.bookedSeats]);
  const defaults = useMemo(() => valuesOf(ride), [ride]);
  const form = useForm<RideFormIn, unknown, RideFormOut>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  useStopTimesFollowDeparture(routeForm(form));

  const onSubmit = (body: RideFormOut) => {
    setFailure(null);
    update.mutate(
      { id: ride.id, body: withWomenOnlyIfShown(body, womenOnly) },
      {
        onSuccess: (res) => {
          notify.success(res.message || 'Ride updated successfully');
          onClose();
        },
        onError: (err) => {
          const message = refusalOr(err, FAILED);
          setFailure(message);
          notify.error(message);
          // The server's field messages also show next to their fields (a stop's as `stops.N.time`).
          const fields = err instanceof ApiError ? err.fields : {};
          for (const [field, text] of Object.entries(fields))
            if (field.split('.')[0]! in defaults)
              form.setError(field as keyof RideFormIn, { type: 'server', message: text });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !update.isPending && onClose()} title="Edit Ride">
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="space-y-4"
        aria-busy={update.isPending}
      >
        {failure ? <Alert>{failure}</Alert> : null}
        <RideFormFields
          form={form}
          variant="edit"
          womenOnly={womenOnly}
          seats={
            <SelectField
              id="edit-seats"
              label="Total Seats"
              options={seatOptions}
              error={form.formState.errors.passengers?.message}
              hint={ride.bookedSeats > 0 ? `${ride.bookedSeats} already booked` : undefined}
              {...form.register('passengers')}
            />
          }
        />
        <Actions busy={update.isPending} onClose={onClose} />
      </form>
    </Dialog>
  );
}
