import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { STOPS_MAX } from '@saathchalo/shared';
import type { RouteForm as Form } from '../route-form';
import { PlaceCombobox } from './place-combobox';

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40';

function StopRow({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: Form;
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}) {
  const n = index + 1;
  const place = useWatch({ control: form.control, name: `stops.${index}.place` });
  const errors = form.formState.errors.stops?.[index];
  return (
    <li className="grid gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_10rem_auto]">
      <PlaceCombobox
        label={`Stop ${n}`}
        query={place ?? ''}
        onPick={(p) =>
          form.setValue(`stops.${index}.place`, p.name, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
        error={errors?.place?.message}
        {...form.register(`stops.${index}.place`)}
      />
      <InputField
        type="time"
        label={`Stop ${n} time (optional)`}
        hint="Estimated when empty"
        error={errors?.time?.message}
        {...form.register(`stops.${index}.time`)}
      />
      <div className="flex items-end gap-1">
        <button
          type="button"
          className={iconButton}
          aria-label={`Move stop ${n} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUp aria-hidden="true" className="h-5 w-5" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={`Move stop ${n} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDown aria-hidden="true" className="h-5 w-5" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={`Remove stop ${n}`}
          onClick={() => onRemove(index)}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
    </li>
  );
}

/**
 * Stops between From and To (CONTRACT section 7): up to six, in travel order, each with an optional time
 * (the server estimates a missing one from the distance). Moved with buttons, not dragged, so the keyboard
 * and screen readers can do it.
 */
export function StopsEditor({ form }: { form: Form }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'stops' });
  const full = fields.length >= STOPS_MAX;
  const box = useRef<HTMLFieldSetElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  /**
   * The button pressed moves or goes away with its stop (and a stop moved to an end cannot go further), so
   * the keyboard would be left on the page's body: once drawn, the first of `labels` that can be pressed
   * takes the focus, else Add stop.
   */
  const focusLater = (...labels: string[]) =>
    setTimeout(() => {
      const buttons = labels.map((l) => box.current?.querySelector<HTMLButtonElement>(`[aria-label="${l}"]`));
      (buttons.find((b) => b && !b.disabled) ?? add.current)?.focus();
    }, 0);
  const onMove = (from: number, to: number) => {
    move(from, to);
    const [same, other] = to < from ? ['up', 'down'] : ['down', 'up'];
    focusLater(`Move stop ${to + 1} ${same}`, `Move stop ${to + 1} ${other}`);
  };
  const onRemove = (index: number) => {
    remove(index);
    focusLater(`Remove stop ${index + 1}`, `Remove stop ${index}`);
  };
  return (
    <fieldset ref={box} className="space-y-3">
      <legend className="mb-1 text-base font-semibold text-slate-900">Stops on the way (optional)</legend>
      {fields.length > 0 ? (
        <ol className="space-y-3">
          {fields.map((f, i) => (
            <StopRow
              key={f.id}
              form={form}
              index={i}
              count={fields.length}
              onMove={onMove}
              onRemove={onRemove}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">
          Passengers can also book part of your route from and to your stops.
        </p>
      )}
      {form.formState.errors.stops?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {form.formState.errors.stops.message}
        </p>
      ) : null}
      <Button
        ref={add}
        type="button"
        variant="outline"
        size="sm"
        disabled={full}
        onClick={() => append({ place: '', time: '' })}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {full ? `Up to ${STOPS_MAX} stops` : 'Add stop'}
      </Button>
    </fieldset>
  );
}
