import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { LEN, PRICE_MIN, SEATS_MAX, SEATS_MIN } from '@saathchalo/shared';
import type { EditCommuteIn, EditCommuteOut } from '../utils/commute-form';
import { nextMorningHint } from '../utils/days';
import { latestEndDate } from '../utils/repeat-rules';
import { DayChips } from './repeat-fields';

/** The fields a driver may change on a commute: days, times, last day, seats, price, car, instant booking. */
export function EditCommuteFields({ form }: { form: UseFormReturn<EditCommuteIn, unknown, EditCommuteOut> }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const [departureTime, returnTime] = useWatch({ control, name: ['departureTime', 'returnTime'] });
  return (
    <>
      <fieldset aria-describedby={errors.days ? 'edit-days-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Repeat on</legend>
        <Controller
          control={control}
          name="days"
          render={({ field }) => (
            <DayChips days={field.value as EditCommuteOut['days']} onChange={field.onChange} />
          )}
        />
        {errors.days ? (
          <p id="edit-days-error" role="alert" className="mt-1 text-sm text-red-700">
            {errors.days.message}
          </p>
        ) : null}
      </fieldset>
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
        <InputField
          type="number"
          inputMode="numeric"
          min={PRICE_MIN}
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
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="h-5 w-5 rounded border-slate-300" {...register('instantBooking')} />
        Instant booking
      </label>
    </>
  );
}
