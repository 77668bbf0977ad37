import { zodResolver } from '@/lib/zod-resolver';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, InputField, TextAreaField } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { LEN, PRICE_MIN, SEATS_MAX, SEATS_MIN, type Ride } from '@saathchalo/shared';
import { useUpdateRide } from '../api/update-ride';
import { editRideForm, todayIst } from '../utils/edit-ride-form';
import { refusalOr } from '@/lib/refusal';

type Schema = ReturnType<typeof editRideForm>;
type FormIn = z.input<Schema>;
type FormOut = z.output<Schema>;

const FAILED = 'Failed to update ride';

export function EditRideDialog({ ride, onClose }: { ride: Ride; onClose(): void }) {
  const update = useUpdateRide();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => editRideForm(ride.bookedSeats), [ride.bookedSeats]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: {
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
    },
  });

  const onSubmit = (body: FormOut) => {
    setFailure(null);
    update.mutate(
      { id: ride.id, body },
      {
        onSuccess: (res) => {
          notify.success(res.message || 'Ride updated successfully');
          onClose();
        },
        onError: (err) => {
          const message = refusalOr(err, FAILED);
          setFailure(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !update.isPending && onClose()} title="Edit Ride">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-busy={update.isPending}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="From" error={errors.from?.message} {...register('from')} />
          <InputField label="To" error={errors.to?.message} {...register('to')} />
          <InputField
            type="date"
            label="Departure Date"
            min={todayIst()}
            error={errors.departureDate?.message}
            {...register('departureDate')}
          />
          <InputField
            type="time"
            label="Departure Time"
            error={errors.departureTime?.message}
            {...register('departureTime')}
          />
          <FieldShell
            id="edit-seats"
            label="Total Seats"
            error={errors.passengers?.message}
            hint={ride.bookedSeats > 0 ? `${ride.bookedSeats} already booked` : undefined}
          >
            <select
              id="edit-seats"
              aria-invalid={errors.passengers ? true : undefined}
              aria-describedby={
                errors.passengers ? 'edit-seats-error' : ride.bookedSeats > 0 ? 'edit-seats-hint' : undefined
              }
              className="block h-[46px] w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
              {...register('passengers')}
            >
              {Array.from({ length: SEATS_MAX - SEATS_MIN + 1 }, (_, i) => i + SEATS_MIN).map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </FieldShell>
          <InputField
            type="number"
            inputMode="numeric"
            min={PRICE_MIN}
            step={1}
            label="Price per Seat (₹)"
            error={errors.pricePerSeat?.message}
            {...register('pricePerSeat')}
          />
          <InputField
            label="Car Model"
            maxLength={LEN.carModel}
            error={errors.carModel?.message}
            {...register('carModel')}
          />
          <InputField
            label="Car Number"
            maxLength={LEN.carNumber}
            error={errors.carNumber?.message}
            {...register('carNumber')}
          />
        </div>
        <TextAreaField
          label="Additional Information (optional)"
          rows={3}
          maxLength={LEN.additionalInfo}
          {...register('additionalInfo')}
        />
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 rounded border-slate-300"
            {...register('instantBooking')}
          />
          Instant booking
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? (
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
      </form>
    </Dialog>
  );
}
