import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { InputField, TextAreaField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { LEN, PRICE_MIN } from '@saathchalo/shared';
import { todayIst } from '../utils/today';
import { routeForm, RoutePlaceField, RoutePreview, StopsEditor, SuggestedPrice } from '@/features/places';
import { WomenOnlySwitch } from '@/features/safety';

import type { RideFormIn, RideFormOut } from './ride-form-types';

export type { RideFormIn, RideFormOut };

interface SectionProps {
  form: UseFormReturn<RideFormIn, unknown, RideFormOut>;
  /** Offering shows section titles, examples and place suggestions; the edit dialog is plainer. */
  offer: boolean;
}

interface Props extends Omit<SectionProps, 'offer'> {
  variant: 'offer' | 'edit';
  /** The seat count: a stepper to offer, a select (not below the booked seats) to edit. */
  seats: ReactNode;
  /** What follows the price, e.g. the earning preview. */
  priceNote?: ReactNode;
  /** The "Women only" switch, for a woman driver (CONTRACT section 9). */
  womenOnly?: boolean;
}

function Section({ legend, shown, children }: { legend: string; shown: boolean; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className={shown ? 'mb-2 text-base font-semibold text-slate-900' : 'sr-only'}>{legend}</legend>
      {children}
    </fieldset>
  );
}

function RouteSection({ form, offer }: SectionProps) {
  const { register, formState } = form;
  return (
    <Section legend="Route" shown={offer}>
      <RoutePlaceField
        form={routeForm(form)}
        kind="from"
        placeholder={offer ? 'e.g. Pune' : undefined}
        nearMe={offer}
      />
      <RoutePlaceField form={routeForm(form)} kind="to" placeholder={offer ? 'e.g. Mumbai' : undefined} />
      <InputField
        type="date"
        label="Departure Date"
        min={todayIst()}
        error={formState.errors.departureDate?.message}
        {...register('departureDate')}
      />
      <InputField
        type="time"
        label="Departure Time"
        error={formState.errors.departureTime?.message}
        {...register('departureTime')}
      />
    </Section>
  );
}

function CarSection({ form, offer, womenOnly }: SectionProps & { womenOnly: boolean }) {
  const { register, formState } = form;
  const example = (text: string) => (offer ? text : undefined);
  return (
    <Section legend="Car" shown={offer}>
      <InputField
        label="Car Model"
        placeholder={example('e.g. Maruti Swift')}
        maxLength={LEN.carModel}
        error={formState.errors.carModel?.message}
        {...register('carModel')}
      />
      <InputField
        label="Car Number"
        placeholder={example('e.g. MH 12 AB 1234')}
        maxLength={LEN.carNumber}
        autoCapitalize="characters"
        error={formState.errors.carNumber?.message}
        {...register('carNumber')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Additional Information (optional)"
          rows={3}
          maxLength={LEN.additionalInfo}
          placeholder={example('Luggage space, stops on the way, music...')}
          error={formState.errors.additionalInfo?.message}
          {...register('additionalInfo')}
        />
      </div>
      <label
        className={cn(
          'flex gap-3 text-sm text-slate-800 sm:col-span-2',
          offer ? 'items-start' : 'items-center',
        )}
      >
        <input
          type="checkbox"
          className={cn('h-5 w-5 shrink-0 rounded border-slate-300', offer && 'mt-0.5')}
          {...register('instantBooking')}
        />
        {offer ? (
          <span>
            <span className="font-medium">Instant booking</span>
            <span className="block text-slate-600">Confirm passengers' bookings automatically</span>
          </span>
        ) : (
          'Instant booking'
        )}
      </label>
      {womenOnly ? <WomenOnlySwitch {...register('womenOnly')} /> : null}
    </Section>
  );
}

/** The fields of a ride, one set for offering and editing, so a rule or a field is added once. */
export function RideFormFields({ form, variant, seats, priceNote, womenOnly = false }: Props) {
  const offer = variant === 'offer';
  const route = routeForm(form);
  return (
    <>
      <RouteSection form={form} offer={offer} />
      <StopsEditor form={route} />
      <RoutePreview form={route} />
      <Section legend="Seats and price" shown={offer}>
        {seats}
        <InputField
          type="number"
          inputMode="numeric"
          min={PRICE_MIN}
          step={1}
          label="Price per Seat (₹)"
          placeholder={offer ? 'e.g. 350' : undefined}
          error={form.formState.errors.pricePerSeat?.message}
          {...form.register('pricePerSeat')}
        />
        <SuggestedPrice form={route} />
        {priceNote}
      </Section>
      <CarSection form={form} offer={offer} womenOnly={womenOnly} />
    </>
  );
}
