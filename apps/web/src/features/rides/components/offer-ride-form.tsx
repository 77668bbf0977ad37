import { zodResolver } from '@/lib/zod-resolver';
import { IndianRupee } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { InputField, TextAreaField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import { LEN, PRICE_MIN } from '@saathchalo/shared';
import { useOfferRide } from '../api/offer-ride';
import { offerRideForm, todayIst } from '../utils/ride-form-rules';
import { refusalOr } from '@/lib/refusal';
import { PlaceInput } from './place-input';
import { SeatsStepper } from './seats-stepper';

type FormIn = z.input<typeof offerRideForm>;
type FormOut = z.output<typeof offerRideForm>;

const FAILED = 'Failed to create ride. Please try again.';

interface Failure {
  message: string;
  fields: Array<[string, string]>;
}

const defaults: FormIn = {
  from: '',
  to: '',
  departureDate: '',
  departureTime: '',
  passengers: 1,
  pricePerSeat: '',
  carModel: '',
  carNumber: '',
  additionalInfo: '',
  instantBooking: false,
};

/** Earning preview: price per seat times seats (specification section 9). */
function earning(price: unknown, seats: unknown): number {
  const p = Number(price);
  const s = Number(seats);
  return Number.isFinite(p) && p > 0 && Number.isFinite(s) ? Math.round(p) * s : 0;
}

export function OfferRideForm() {
  const navigate = useNavigate();
  const offer = useOfferRide();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(offerRideForm), defaultValues: defaults });
  const [from, to, price, seats] = useWatch({ control, name: ['from', 'to', 'pricePerSeat', 'passengers'] });

  const onSubmit = (values: FormOut) => {
    setFailure(null);
    offer.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message || 'Ride offered successfully');
        navigate(paths.dashboard);
      },
      onError: (err) => {
        const next: Failure =
          err instanceof ApiError
            ? {
                message: refusalOr(err, FAILED),
                fields: Object.entries(err.fields).filter(
                  (e): e is [string, string] => typeof e[1] === 'string',
                ),
              }
            : { message: `Error: ${err.message}`, fields: [] };
        setFailure(next);
        notify.error(next.message);
        // The server's field messages also show next to their fields.
        for (const [field, message] of next.fields) {
          if (field in defaults) setError(field as keyof FormIn, { type: 'server', message });
        }
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-5"
      aria-describedby={failure ? 'offer-failure' : undefined}
    >
      {failure ? (
        <Alert>
          <div id="offer-failure">
            <p className="font-medium">{failure.message}</p>
            {failure.fields.length > 0 ? (
              <>
                <p className="mt-2">Validation errors:</p>
                <ul className="mt-1 list-inside list-disc">
                  {failure.fields.map(([field, message]) => (
                    <li key={field}>{`${field}: ${message}`}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </Alert>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Route</legend>
        <PlaceInput
          kind="from"
          label="From"
          placeholder="e.g. Pune"
          query={from ?? ''}
          error={errors.from?.message}
          {...register('from')}
        />
        <PlaceInput
          kind="to"
          label="To"
          placeholder="e.g. Mumbai"
          query={to ?? ''}
          error={errors.to?.message}
          {...register('to')}
        />
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
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Seats and price</legend>
        <Controller
          control={control}
          name="passengers"
          render={({ field, fieldState }) => (
            <SeatsStepper
              value={Number(field.value) || 1}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <InputField
          type="number"
          inputMode="numeric"
          min={PRICE_MIN}
          step={1}
          label="Price per Seat (₹)"
          placeholder="e.g. 350"
          error={errors.pricePerSeat?.message}
          {...register('pricePerSeat')}
        />
        <div
          className="flex items-center gap-3 rounded-lg bg-green-50 p-4 text-green-900 sm:col-span-2"
          aria-live="polite"
        >
          <IndianRupee aria-hidden="true" className="h-5 w-5 shrink-0" />
          <p>
            Total earning: <strong data-testid="earning">{formatRupees(earning(price, seats))}</strong>{' '}
            <span className="text-sm">
              ({formatRupees(earning(price, 1))} × {String(seats ?? 1)}{' '}
              {Number(seats) === 1 ? 'seat' : 'seats'})
            </span>
          </p>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Car</legend>
        <InputField
          label="Car Model"
          placeholder="e.g. Maruti Swift"
          maxLength={LEN.carModel}
          error={errors.carModel?.message}
          {...register('carModel')}
        />
        <InputField
          label="Car Number"
          placeholder="e.g. MH 12 AB 1234"
          maxLength={LEN.carNumber}
          autoCapitalize="characters"
          error={errors.carNumber?.message}
          {...register('carNumber')}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label="Additional Information (optional)"
            rows={3}
            maxLength={LEN.additionalInfo}
            placeholder="Luggage space, stops on the way, music..."
            error={errors.additionalInfo?.message}
            {...register('additionalInfo')}
          />
        </div>
        <label className="flex items-start gap-3 text-sm text-slate-800 sm:col-span-2">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 rounded border-slate-300"
            {...register('instantBooking')}
          />
          <span>
            <span className="font-medium">Instant booking</span>
            <span className="block text-slate-600">Confirm passengers' bookings automatically</span>
          </span>
        </label>
      </fieldset>

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={offer.isPending}>
        {offer.isPending ? 'Publishing...' : 'Offer Ride'}
      </Button>
    </form>
  );
}
