import { zodResolver } from '@hookform/resolvers/zod';
import { IndianRupee } from 'lucide-react';
import { useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { useSession } from '@/lib/session';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import {
  noRepeat,
  RepeatFields,
  repeatIssues,
  toCommuteBody,
  useCreateCommute,
  type RepeatChoice,
  type RepeatErrors,
} from '@/features/commutes';
import { COMMUTE_MSG } from '@saathchalo/shared';
import { useOfferRide } from '../api/offer-ride';
import { mayOfferWomenOnly, withWomenOnlyIfShown } from '../utils/women-only';
import { offerRideForm, repeatOfferForm } from '../utils/ride-form-rules';
import { RideFormFields, type RideFormIn, type RideFormOut } from './ride-form-fields';
import { SeatsStepper } from './seats-stepper';

const FAILED = 'Failed to create ride. Please try again.';

interface Failure {
  message: string;
  fields: Array<[string, string]>;
}

const defaults: RideFormIn = {
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
  womenOnly: false,
  stops: [],
};

/** Earning preview: price per seat times seats (specification section 9). */
function earning(price: unknown, seats: unknown): number {
  const p = Number(price);
  const s = Number(seats);
  return Number.isFinite(p) && p > 0 && Number.isFinite(s) ? Math.round(p) * s : 0;
}

function EarningPreview({ control }: { control: Control<RideFormIn, unknown, RideFormOut> }) {
  const [price, seats] = useWatch({ control, name: ['pricePerSeat', 'passengers'] });
  return (
    <div
      className="flex items-center gap-3 rounded-lg bg-green-50 p-4 text-green-900 sm:col-span-2"
      aria-live="polite"
    >
      <IndianRupee aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p>
        Total earning: <strong data-testid="earning">{formatRupees(earning(price, seats))}</strong>{' '}
        <span className="text-sm">
          ({formatRupees(earning(price, 1))} × {String(seats ?? 1)} {Number(seats) === 1 ? 'seat' : 'seats'})
        </span>
      </p>
    </div>
  );
}

function FailureAlert({ failure }: { failure: Failure }) {
  return (
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
  );
}

/** "Repeat on" under the ride's date and time, which are the commute's first day and departure. */
function RepeatSection({
  control,
  ...props
}: {
  control: Control<RideFormIn, unknown, RideFormOut>;
  value: RepeatChoice;
  onChange(next: RepeatChoice): void;
  errors: RepeatErrors;
}) {
  const [startDate, departureTime] = useWatch({ control, name: ['departureDate', 'departureTime'] });
  return <RepeatFields {...props} startDate={startDate ?? ''} departureTime={departureTime ?? ''} />;
}

const failureOf = (err: Error): Failure =>
  err instanceof ApiError
    ? {
        message: refusalOr(err, FAILED),
        fields: Object.entries(err.fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
      }
    : { message: `Error: ${err.message}`, fields: [] };

/** Submits the offer: a single ride, or with days chosen under "Repeat on", a commute. */
function useOfferSubmit(
  form: UseFormReturn<RideFormIn, unknown, RideFormOut>,
  [repeat, setRepeat]: [RepeatChoice, (next: RepeatChoice) => void],
) {
  const navigate = useNavigate();
  const offer = useOfferRide();
  const womenOnly = mayOfferWomenOnly(useSession()?.gender);
  const createCommute = useCreateCommute();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [repeatErrs, setRepeatErrs] = useState<RepeatErrors>({});

  const onError = (err: Error) => {
    const next = failureOf(err);
    setFailure(next);
    notify.error(next.message);
    // The server's field messages also show next to their fields.
    for (const [field, message] of next.fields) {
      // A stop's message comes as `stops.N.place` or `stops.N.time`: it goes beside that stop's field.
      if (field.split('.')[0]! in defaults)
        form.setError(field as keyof RideFormIn, { type: 'server', message });
      if (field === 'seats') form.setError('passengers', { type: 'server', message });
      if (field === 'startDate') form.setError('departureDate', { type: 'server', message });
      if (field === 'returnTime' || field === 'endDate') setRepeatErrs((e) => ({ ...e, [field]: message }));
    }
  };
  const done = (to: string, fallback: string) => (res: { message: string }) => {
    notify.success(res.message || fallback);
    navigate(to);
  };

  // Settles with its request, so that one send goes at a time (useOneAtATime).
  const onSubmit = async (values: RideFormOut) => {
    setFailure(null);
    try {
      if (repeat.days.length === 0) {
        const res = await offer.mutateAsync(withWomenOnlyIfShown(values, womenOnly));
        done(paths.dashboard, 'Ride offered successfully')(res);
        return;
      }
      const errs = repeatIssues(repeat, values);
      setRepeatErrs(errs);
      if (Object.keys(errs).length > 0) return;
      const res = await createCommute.mutateAsync(
        toCommuteBody(repeat, withWomenOnlyIfShown(values, womenOnly)),
      );
      done(paths.myCommutes, COMMUTE_MSG.created)(res);
    } catch (err) {
      onError(err as Error);
    }
  };
  const pending = offer.isPending || createCommute.isPending;
  return { onSubmit, failure, pending, repeat, setRepeat, repeatErrs, womenOnly };
}

const oneRide = zodResolver(offerRideForm);
const firstDayOfCommute = zodResolver(repeatOfferForm);
/** The ride's rules, or with days chosen under "Repeat on" (the context) a commute's first day's. */
const offerResolver: Resolver<RideFormIn, unknown, RideFormOut> = (values, context, options) =>
  ((context as { repeating?: boolean } | undefined)?.repeating ? firstDayOfCommute : oneRide)(
    values,
    context,
    options,
  );

export function OfferRideForm() {
  const repeatState = useState<RepeatChoice>(noRepeat);
  const form = useForm<RideFormIn, unknown, RideFormOut>({
    resolver: offerResolver,
    context: { repeating: repeatState[0].days.length > 0 },
    defaultValues: defaults,
  });
  const { onSubmit, failure, pending, repeat, setRepeat, repeatErrs, womenOnly } = useOfferSubmit(
    form,
    repeatState,
  );
  const submit = useOneAtATime(form.handleSubmit(onSubmit));

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-describedby={failure ? 'offer-failure' : undefined}
    >
      {failure ? <FailureAlert failure={failure} /> : null}
      <RideFormFields
        form={form}
        variant="offer"
        seats={
          <Controller
            control={form.control}
            name="passengers"
            render={({ field, fieldState }) => (
              <SeatsStepper
                value={Number(field.value) || 1}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        }
        priceNote={<EarningPreview control={form.control} />}
        womenOnly={womenOnly}
      />
      <RepeatSection control={form.control} value={repeat} onChange={setRepeat} errors={repeatErrs} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
        {pending ? 'Publishing...' : 'Offer Ride'}
      </Button>
    </form>
  );
}
