import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { InputField, TextAreaField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { LEN, PRICE_MIN } from '@saathchalo/shared';
import { todayIst } from '../utils/today';
import { NearMeButton, PlaceCombobox } from '@/features/places';
import { RoutePreview } from './route-preview';
import { StopsEditor } from './stops-editor';
import { SuggestedPrice } from './suggested-price';
import { WomenOnlySwitch } from './women-only-switch';

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

function PlaceField({ form, offer, kind, eg }: SectionProps & { kind: 'from' | 'to'; eg: string }) {
  const query = useWatch({ control: form.control, name: kind });
  const put = (name: string) =>
    form.setValue(kind, name, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <PlaceCombobox
      label={kind === 'from' ? 'From' : 'To'}
      placeholder={offer ? eg : undefined}
      query={query ?? ''}
      onPick={(p) => put(p.name)}
      error={form.formState.errors[kind]?.message}
      trailing={offer && kind === 'from' ? <NearMeButton onPlace={(p) => put(p.name)} /> : undefined}
      {...form.register(kind)}
    />
  );
}

function RouteSection({ form, offer }: SectionProps) {
  const { register, formState } = form;
  return (
    <Section legend="Route" shown={offer}>
      <PlaceField form={form} offer={offer} kind="from" eg="e.g. Pune" />
      <PlaceField form={form} offer={offer} kind="to" eg="e.g. Mumbai" />
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
          className={cn('h-5 w-5 rounded border-slate-300', offer && 'mt-0.5')}
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
  return (
    <>
      <RouteSection form={form} offer={offer} />
      <StopsEditor form={form} />
      <RoutePreview form={form} />
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
        <SuggestedPrice form={form} />
        {priceNote}
      </Section>
      <CarSection form={form} offer={offer} womenOnly={womenOnly} />
    </>
  );
}
