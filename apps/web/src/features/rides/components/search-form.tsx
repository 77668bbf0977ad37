import { Search } from 'lucide-react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useBrowserValue } from '@/lib/use-browser-value';
import { NearMeButton, PlaceCombobox, type Place } from '@/features/places';
import { SEATS_MAX, SEATS_MIN } from '@saathchalo/shared';
import type { SearchParams } from '../api/search-rides';
import { todayIst } from '../utils/today';
import type { SearchFormIn as FormIn, SearchFormOut as FormOut } from '../validation/search';
import { SAFETY_TEXT } from '@/features/safety';

// zod and the search schema load when the visitor starts on the form, not with the screen.
const validation = lazyResolver<FormIn, FormOut>(() =>
  import('../validation/search').then((m) => m.searchResolver),
);

/** CONTRACT section 9: only rides that women drivers offer for women. */
function WomenOnlyFilter(props: UseFormRegisterReturn<'womenOnly'>) {
  return (
    <label className="flex items-center gap-2 self-end text-sm text-slate-800 sm:col-span-2 lg:col-span-1 lg:h-[46px]">
      <input type="checkbox" className="h-5 w-5 shrink-0 rounded border-slate-300" {...props} />
      {SAFETY_TEXT.womenOnlyFilter}
    </label>
  );
}

/** The search to send: women only only when asked, so the address and the request stay as before. */
const paramsOf = ({ from, to, date, passengers, womenOnly }: FormOut): SearchParams =>
  womenOnly ? { from, to, date, passengers, womenOnly } : { from, to, date, passengers };

const seatOptions = Array.from({ length: SEATS_MAX - SEATS_MIN + 1 }, (_, i) => i + SEATS_MIN);

interface Props {
  initial: SearchParams | null;
  onSearch(p: SearchParams): void;
  busy: boolean;
}

export function SearchForm({ initial, onSearch, busy }: Props) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: validation.resolver,
    defaultValues: {
      from: initial?.from ?? '',
      to: initial?.to ?? '',
      date: initial?.date ?? '',
      time: '',
      passengers: String(initial?.passengers ?? 1),
      womenOnly: initial?.womenOnly ?? false,
    },
  });
  const [from, to] = useWatch({ control, name: ['from', 'to'] });
  const today = useBrowserValue(todayIst, undefined);
  const put = (name: 'from' | 'to') => (place: Place) =>
    setValue(name, place.name, { shouldDirty: true, shouldValidate: isSubmitted });

  return (
    <Form
      role="search"
      aria-label="Search rides"
      onFocus={validation.preload}
      onPointerDown={validation.preload}
      onSubmit={handleSubmit((v) => onSearch(paramsOf(v)))}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-start"
    >
      {errors.root ? <Alert className="sm:col-span-2 lg:col-span-6">{errors.root.message}</Alert> : null}
      <div className="lg:col-span-2">
        <PlaceCombobox
          label="From"
          placeholder="Leaving from"
          query={from ?? ''}
          onPick={put('from')}
          error={errors.from?.message}
          trailing={<NearMeButton onPlace={put('from')} />}
          {...register('from')}
        />
      </div>
      <div className="lg:col-span-2">
        <PlaceCombobox
          label="To"
          placeholder="Going to"
          query={to ?? ''}
          onPick={put('to')}
          error={errors.to?.message}
          {...register('to')}
        />
      </div>
      <InputField type="date" label="Date" min={today} error={errors.date?.message} {...register('date')} />
      <InputField type="time" label="Time" {...register('time')} />
      <SelectField
        id="search-passengers"
        label="Passengers"
        error={errors.passengers?.message}
        options={seatOptions.map((n) => ({
          value: n,
          label: `${n} ${n === 1 ? 'passenger' : 'passengers'}`,
        }))}
        {...register('passengers', { valueAsNumber: true })}
      />
      <WomenOnlyFilter {...register('womenOnly')} />
      <div className="flex items-end sm:col-span-2 lg:col-span-4 lg:justify-end">
        <Button type="submit" size="lg" className="w-full lg:w-auto" disabled={busy}>
          <Search aria-hidden="true" className="h-5 w-5" />
          {busy ? 'Searching...' : 'Search Rides'}
        </Button>
      </div>
    </Form>
  );
}
