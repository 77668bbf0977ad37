import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import {
  routeForm,
  RoutePlaceField,
  RoutePreview,
  StopsEditor,
  SuggestedPrice,
  type RouteForm,
} from '@/features/places';
import { WomenOnlySwitch } from '@/features/safety';
import { LEN, PRICE_MIN, SEATS_MAX, SEATS_MIN } from '@saathchalo/shared';
import type { EditCommuteIn, EditCommuteOut } from '../utils/commute-form';
import { nextMorningHint } from '../utils/days';
import { latestEndDate } from '../utils/repeat-rules';
import { DayChips } from './repeat-fields';

type Form = UseFormReturn<EditCommuteIn, unknown, EditCommuteOut>;

/** From, To and the stops between, with the route picture, as offering a ride shows them (CONTRACT section 7). */
function RouteFields({ route }: { route: RouteForm }) {
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Route</legend>
        <RoutePlaceField form={route} kind="from" />
        <RoutePlaceField form={route} kind="to" />
      </fieldset>
      <StopsEditor form={route} />
      <RoutePreview form={route} />
    </>
  );
}

function DaysField({ form }: { form: Form }) {
  const error = form.formState.errors.days;
  return (
    <fieldset aria-describedby={error ? 'edit-days-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Repeat on</legend>
      <Controller
        control={form.control}
        name="days"
        render={({ field }) => (
          <DayChips days={field.value as EditCommuteOut['days']} onChange={field.onChange} />
        )}
      />
      {error ? (
        <p id="edit-days-error" role="alert" className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The fields a driver may change on a commute: route, days, times, last day, seats, price, car, instant booking. */
export function EditCommuteFields({ form, womenOnly }: { form: Form; womenOnly: boolean }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const [departureTime, returnTime] = useWatch({ control, name: ['departureTime', 'returnTime'] });
  const route = routeForm(form);
  return (
    <>
      <RouteFields route={route} />
      <DaysField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          type="time"
          label="Departure Time"
          error={errors.departureTime?.message}
          {...register('departureTime')}
        />
        <InputField
          type="time"
          label="Return time (optional)"
          hint={nextMorningHint(departureTime, returnTime)}
          error={errors.returnTime?.message}
          {...register('returnTime')}
        />
        <InputField
          type="date"
          label="Until (optional)"
          max={latestEndDate()}
          error={errors.endDate?.message}
          {...register('endDate')}
        />
        <InputField
          type="number"
          inputMode="numeric"
          min={SEATS_MIN}
          max={SEATS_MAX}
          label="Seats"
          error={errors.seats?.message}
          {...register('seats')}
        />
        {/* One cell: the suggestion under its price keeps the grid's pairs of fields in line. */}
        <div className="space-y-2">
          <InputField
            type="number"
            inputMode="numeric"
            min={PRICE_MIN}
            label="Price per Seat (₹)"
            error={errors.pricePerSeat?.message}
            {...register('pricePerSeat')}
          />
          <SuggestedPrice form={route} />
        </div>
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
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="h-5 w-5 shrink-0 rounded border-slate-300" {...register('instantBooking')} />
        Instant booking
      </label>
      {womenOnly ? <WomenOnlySwitch {...register('womenOnly')} /> : null}
    </>
  );
}
